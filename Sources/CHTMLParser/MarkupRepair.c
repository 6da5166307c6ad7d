#define _GNU_SOURCE /* memmem */
#include "MarkupRepair.h"

#include <stdlib.h>
#include <string.h>

/* A copy of the input that is only allocated at the first edit. */
typedef struct markup_rewrite {
  const uint8_t *input;
  size_t length;
  uint8_t *output; /* owned until handed to the caller */
  size_t written;
  size_t capacity;
  size_t copied; /* input before this offset is already in `output` */
} markup_rewrite;

static int append(markup_rewrite *rewrite, const void *bytes, size_t length) {
  if (rewrite->capacity - rewrite->written < length) {
    size_t capacity = rewrite->capacity + rewrite->capacity / 2 + length + 64;
    if (capacity < rewrite->capacity) return -1;
    uint8_t *grown = realloc(rewrite->output, capacity);
    if (grown == NULL) return -1;
    rewrite->output = grown;
    rewrite->capacity = capacity;
  }
  memcpy(rewrite->output + rewrite->written, bytes, length);
  rewrite->written += length;
  return 0;
}

/* Replaces input[at, at + length) with `replacement`. */
static int replace(markup_rewrite *rewrite, size_t at, size_t length, const char *replacement) {
  if (rewrite->output == NULL && append(rewrite, "", 0) != 0) return -1;
  if (append(rewrite, rewrite->input + rewrite->copied, at - rewrite->copied) != 0 ||
      append(rewrite, replacement, strlen(replacement)) != 0) {
    return -1;
  }
  rewrite->copied = at + length;
  return 0;
}

static int ascii_lower(uint8_t byte) { return byte >= 'A' && byte <= 'Z' ? byte + 32 : byte; }

/* Whether the tag name `name` (lower-case) follows at `at` and ends there, as HTML ends names. */
static int names_tag(const uint8_t *input, size_t length, size_t at, const char *name) {
  size_t count = strlen(name);
  if (length - at < count) return 0;
  for (size_t index = 0; index < count; index++) {
    if (ascii_lower(input[at + index]) != (uint8_t)name[index]) return 0;
  }
  if (at + count == length) return 1;
  uint8_t next = input[at + count];
  return next == '>' || next == '/' || next == ' ' || next == '\t' || next == '\n' || next == '\f';
}

/* Where `</name` (ended like a tag name) starts at or after `from`, or `length`. */
static size_t find_end_tag(const uint8_t *input, size_t length, size_t from, const char *name) {
  while (from < length) {
    const uint8_t *found = memmem(input + from, length - from, "</", 2);
    if (found == NULL) return length;
    size_t at = (size_t)(found - input);
    if (names_tag(input, length, at + 2, name)) return at;
    from = at + 2;
  }
  return length;
}

/* Escapes each `<` of the RCDATA body [from, end). */
static int escape_rcdata(markup_rewrite *rewrite, size_t from, size_t end) {
  for (size_t at = from; at < end; at++) {
    if (rewrite->input[at] == '<' && replace(rewrite, at, 1, "&lt;") != 0) return -1;
  }
  return 0;
}

/* Handles the markup at `at` (a `<`) and returns where scanning resumes; -1 sets `*failed`. */
static size_t repair_at(markup_rewrite *rewrite, size_t at, int *failed) {
  const uint8_t *input = rewrite->input;
  size_t length = rewrite->length;
  if (length - at >= 4 && memcmp(input + at, "<!--", 4) == 0) {
    size_t abrupt = length - at >= 5 && input[at + 4] == '>' ? 5
                    : length - at >= 6 && input[at + 4] == '-' && input[at + 5] == '>' ? 6
                                                                                      : 0;
    if (abrupt != 0) {
      if (replace(rewrite, at, abrupt, "<!---->") != 0) *failed = 1;
      return at + abrupt;
    }
    const uint8_t *end = memmem(input + at + 4, length - at - 4, "-->", 3);
    return end == NULL ? length : (size_t)(end - input) + 3;
  }
  static const char *const raw_text[] = {"script", "style"};
  for (size_t index = 0; index < 2; index++) {
    if (names_tag(input, length, at + 1, raw_text[index])) {
      return find_end_tag(input, length, at + 1, raw_text[index]);
    }
  }
  static const char *const rcdata[] = {"textarea", "title"};
  for (size_t index = 0; index < 2; index++) {
    if (!names_tag(input, length, at + 1, rcdata[index])) continue;
    const uint8_t *tag_end = memchr(input + at, '>', length - at);
    if (tag_end == NULL) return length;
    size_t body = (size_t)(tag_end - input) + 1;
    size_t end = find_end_tag(input, length, body, rcdata[index]);
    if (escape_rcdata(rewrite, body, end) != 0) *failed = 1;
    return end == length ? length : end + 2;
  }
  return at + 1;
}

int chp_repair_markup(const uint8_t *input, size_t length, uint8_t **output,
                      size_t *output_length) {
  markup_rewrite rewrite = {.input = input, .length = length};
  int failed = 0;
  size_t at = 0;
  while (at < length && !failed) {
    const uint8_t *open = memchr(input + at, '<', length - at);
    if (open == NULL) break;
    at = repair_at(&rewrite, (size_t)(open - input), &failed);
  }
  if (!failed && rewrite.output != NULL) {
    failed = append(&rewrite, input + rewrite.copied, length - rewrite.copied) != 0;
  }
  if (failed) {
    free(rewrite.output);
    return -1;
  }
  *output = rewrite.output;
  *output_length = rewrite.written;
  return rewrite.output == NULL ? 0 : 1;
}
