#include "HTMLRepair.h"

#include <stdlib.h>
#include <string.h>

static const uint8_t replacement[3] = {0xEF, 0xBF, 0xBD};

static int is_continuation(uint8_t byte) { return (byte & 0xC0) == 0x80; }

/* Length of the valid UTF-8 sequence at `bytes` (lead byte >= 0x80), or 0 when invalid; then
 * `*invalid_length` is the maximal subpart to replace with one U+FFFD (Unicode 3.9, as Swift's
 * String(decoding:as:) does). */
static size_t sequence_length(const uint8_t *bytes, size_t available, size_t *invalid_length) {
  uint8_t lead = bytes[0];
  size_t length;
  uint8_t low = 0x80, high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    *invalid_length = 1;
    return 0;
  }
  size_t index = 1;
  for (; index < length && index < available; index++) {
    uint8_t byte = bytes[index];
    if (index == 1 ? (byte < low || byte > high) : !is_continuation(byte)) break;
  }
  if (index == length) return length;
  *invalid_length = index;
  return 0;
}

/* Whether the `length` bytes at `bytes` start with U+FFFE or U+FFFF, which libxml2 drops. */
static int is_noncharacter(const uint8_t *bytes, size_t length) {
  return length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBF && (bytes[2] & 0xFE) == 0xBE;
}

/* Whether the byte at `bytes` (with `available` bytes left) passes through unchanged; on return
 * `*length` is how many bytes that decision covers. */
static int is_clean(const uint8_t *bytes, size_t available, size_t *length) {
  uint8_t byte = bytes[0];
  *length = 1;
  if (byte >= 0x20 && byte < 0x80) return 1;
  if (byte < 0x80) return byte == '\t' || byte == '\n';
  size_t invalid_length = 1;
  size_t valid = sequence_length(bytes, available, &invalid_length);
  if (valid == 0) {
    *length = invalid_length;
    return 0;
  }
  *length = valid;
  return valid != 3 || !is_noncharacter(bytes, valid);
}

/* Sixteen bytes checked at once (GCC and Clang vector extensions; SSE2 or NEON code). */
typedef uint8_t block16 __attribute__((vector_size(16)));

/* Whether a block of input needs no closer look: no control other than tab and line feed, and
 * either only ASCII (input of unknown validity) or, for input known to be valid UTF-8 (a Swift
 * String), no EF lead byte, with which U+FFFE and U+FFFF start. Most of a document passes. */
static int is_clean_block(const uint8_t *bytes, int valid_utf8) {
  block16 block;
  memcpy(&block, bytes, sizeof block);
  block16 flagged = (block16)(block < 0x20) & (block16)(block != '\t') & (block16)(block != '\n');
  flagged |= valid_utf8 ? (block16)(block == 0xEF) : (block16)(block >= 0x80);
  uint64_t halves[2];
  memcpy(halves, &flagged, sizeof halves);
  return (halves[0] | halves[1]) == 0;
}

/* Whether the byte (or sequence) at `at` passes through unchanged; `*step` is its length. */
static int is_clean_at(const uint8_t *input, size_t length, size_t at, int valid_utf8,
                       size_t *step) {
  if (!valid_utf8) return is_clean(input + at, length - at, step);
  /* Only controls and U+FFFE/U+FFFF can need repair in valid UTF-8; a word check can stop
   * inside a sequence, whose continuation bytes are clean. */
  uint8_t byte = input[at];
  *step = 1;
  return byte >= 0x20 ? byte != 0xEF || !is_noncharacter(input + at, length - at)
                      : byte == '\t' || byte == '\n';
}

/* Length of the prefix of `input` that passes through unchanged. */
static size_t clean_span_length(const uint8_t *input, size_t length, int valid_utf8) {
  size_t clean = 0;
  size_t step = 1;
  while (clean < length) {
    if (length - clean >= sizeof(block16) && is_clean_block(input + clean, valid_utf8)) {
      clean += sizeof(block16);
      continue;
    }
    /* Look at a flagged block (or the tail) byte by byte, then go back to whole blocks. */
    size_t block_end = clean + sizeof(block16);
    while (clean < block_end && clean < length) {
      if (!is_clean_at(input, length, clean, valid_utf8, &step)) return clean;
      clean += step;
    }
  }
  return clean;
}

int chp_repair(const uint8_t *input, size_t length, int valid_utf8, uint8_t **output,
               size_t *output_length) {
  *output = NULL;
  *output_length = 0;
  size_t clean = clean_span_length(input, length, valid_utf8);
  if (clean == length) return 0;

  /* Every repaired byte grows to at most three. */
  size_t remaining = length - clean;
  if (remaining > (SIZE_MAX - clean) / 3) return -1;
  uint8_t *repaired = malloc(clean + remaining * 3);
  if (repaired == NULL) return -1;
  memcpy(repaired, input, clean);
  size_t written = clean;
  size_t index = clean;
  while (index < length) {
    size_t span = clean_span_length(input + index, length - index, valid_utf8);
    memcpy(repaired + written, input + index, span);
    written += span;
    index += span;
    if (index == length) break;
    /* `input[index]` starts a sequence that needs repair. */
    size_t step = 1;
    is_clean(input + index, length - index, &step);
    if (input[index] == '\r') {
      repaired[written++] = '\n';
      if (index + 1 < length && input[index + 1] == '\n') step = 2;
    } else if (input[index] == '\f') {
      repaired[written++] = ' ';
    } else {
      memcpy(repaired + written, replacement, sizeof replacement);
      written += sizeof replacement;
    }
    index += step;
  }
  *output = repaired;
  *output_length = written;
  return 1;
}

