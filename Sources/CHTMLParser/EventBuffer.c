#include "EventBuffer.h"

#include <stdlib.h>
#include <string.h>

int chp_buffer_reserve(chp_events *events, size_t additional) {
  if (events->capacity - events->length >= additional) return 0;
  size_t needed = events->length + additional;
  if (needed < events->length) return -1;
  size_t capacity = events->capacity < 4096 ? 4096 : events->capacity;
  while (capacity < needed) {
    if (capacity > SIZE_MAX / 2) {
      capacity = needed;
      break;
    }
    capacity *= 2;
  }
  uint8_t *grown = realloc(events->bytes, capacity);
  if (grown == NULL) return -1;
  events->bytes = grown;
  events->capacity = capacity;
  return 0;
}

int chp_buffer_append_byte(chp_events *events, uint8_t byte) {
  if (chp_buffer_reserve(events, 1) != 0) return -1;
  events->bytes[events->length++] = byte;
  return 0;
}

int chp_buffer_append_u32(chp_events *events, uint32_t value) {
  if (chp_buffer_reserve(events, sizeof value) != 0) return -1;
  memcpy(events->bytes + events->length, &value, sizeof value);
  events->length += sizeof value;
  return 0;
}

int chp_buffer_append_bytes(chp_events *events, const void *bytes, size_t length) {
  if (length == 0) return 0;
  if (chp_buffer_reserve(events, length) != 0) return -1;
  memcpy(events->bytes + events->length, bytes, length);
  events->length += length;
  return 0;
}

void chp_buffer_patch_u32(chp_events *events, size_t offset, uint32_t value) {
  memcpy(events->bytes + offset, &value, sizeof value);
}

void chp_events_free(chp_events *events) {
  free(events->bytes);
  memset(events, 0, sizeof *events);
}
