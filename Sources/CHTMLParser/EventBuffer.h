#ifndef CHTMLPARSER_EVENT_BUFFER_H
#define CHTMLPARSER_EVENT_BUFFER_H
/* Appending to a chp_events stream. Every function returns 0 on success, -1 when out of memory
 * (the buffer is then left as it was; its owner still frees it with chp_events_free). */
#include "CHTMLParser.h"

int chp_buffer_reserve(chp_events *events, size_t additional);
int chp_buffer_append_byte(chp_events *events, uint8_t byte);
int chp_buffer_append_u32(chp_events *events, uint32_t value);
int chp_buffer_append_bytes(chp_events *events, const void *bytes, size_t length);
/* Overwrites a uint32_t written earlier at `offset`. */
void chp_buffer_patch_u32(chp_events *events, size_t offset, uint32_t value);

#endif
