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

static const uint64_t high_bits = 0x8080808080808080ull;

/* Whether any byte of `word` is below 0x20 (exact for thresholds up to 0x80). */
static int has_control(uint64_t word) {
  return ((word - 0x2020202020202020ull) & ~word & high_bits) != 0;
}

/* Whether any byte of `word` is zero. */
static int has_zero(uint64_t word) {
  return ((word - 0x0101010101010101ull) & ~word & high_bits) != 0;
}

/* Whether a word of input needs no closer look. Unknown input: printable ASCII only. Input known
 * to be valid UTF-8 (a Swift String): no control byte and no EF BF pair, the start of U+FFFE and
 * U+FFFF (the last byte pairs with zero, so an EF there, whose BF is in the next word, is looked
 * at too). Either way most of a document is checked eight bytes at a time. */
static int is_clean_word(uint64_t word, int valid_utf8) {
  if (has_control(word)) return 0;
  if (!valid_utf8) return (word & high_bits) == 0;
  uint64_t pair = (word ^ 0xEFEFEFEFEFEFEFEFull) | ((word >> 8) ^ 0x00BFBFBFBFBFBFBFull);
  return !has_zero(pair);
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
    uint64_t word;
    if (length - clean < sizeof word) {
      if (!is_clean_at(input, length, clean, valid_utf8, &step)) return clean;
      clean += step;
      continue;
    }
    memcpy(&word, input + clean, sizeof word);
    if (is_clean_word(word, valid_utf8)) {
      clean += sizeof word;
      continue;
    }
    /* Look at the flagged word byte by byte, then go back to whole words. */
    size_t word_end = clean + sizeof word;
    while (clean < word_end) {
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

