#ifndef CHTMLPARSER_HTML_REPAIR_H
#define CHTMLPARSER_HTML_REPAIR_H
#include <stddef.h>
#include <stdint.h>

/*
 * Makes `input` safe for libxml2, which silently drops some characters and, at the first invalid
 * UTF-8 byte, decodes the rest of the document as Latin-1:
 *   - each maximal invalid UTF-8 subpart, NUL, C0 controls other than tab, line feed, form feed
 *     and carriage return, and U+FFFE/U+FFFF become U+FFFD (visible, as CommonMark and HTML do);
 *   - form feed becomes a space (HTML whitespace that libxml2 would otherwise delete);
 *   - CR LF and lone CR become LF (HTML's newline normalisation).
 * `valid_utf8` says the input is known to be valid UTF-8 (it came from a Swift String), so the
 * scan for the rest need not validate its multi-byte sequences.
 * Returns 0 when `input` needs no change (`*output` is NULL), 1 when `*output` holds a repaired
 * copy of `*output_length` bytes that the caller must free(), -1 when out of memory.
 */
int chp_repair(const uint8_t *input, size_t length, int valid_utf8, uint8_t **output,
               size_t *output_length);

#endif
