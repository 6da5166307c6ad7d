#include "MarkupBudget.h"

#include <string.h>

#include "CHTMLParser.h"

/* Open start tags per element name; names longer than NAME_BYTES, or past a full table,
 * share the last slot, which only makes the count of unmatched end tags smaller. */
#define NAME_BYTES 16
#define SLOTS 1024
typedef struct open_counts {
  uint8_t names[SLOTS][NAME_BYTES];
  uint8_t lengths[SLOTS];
  uint64_t counts[SLOTS];
} open_counts;

static int is_space(uint8_t byte) {
  return byte == ' ' || byte == '\n' || byte == '\t' || byte == '\f' || byte == '\r';
}

static int is_letter(uint8_t byte) { return (byte | 0x20) >= 'a' && (byte | 0x20) <= 'z'; }

static uint64_t *count_of(open_counts *table, const uint8_t *name, size_t length) {
  if (length == 0 || length > NAME_BYTES) return &table->counts[SLOTS - 1];
  uint8_t lowered[NAME_BYTES];
  uint32_t hash = 2166136261u;
  for (size_t i = 0; i < length; i++) {
    lowered[i] = (name[i] >= 'A' && name[i] <= 'Z') ? (uint8_t)(name[i] | 0x20) : name[i];
    hash = (hash ^ lowered[i]) * 16777619u;
  }
  for (size_t probe = 0; probe < SLOTS - 1; probe++) {
    size_t slot = (hash + probe) % (SLOTS - 1);
    if (table->lengths[slot] == 0) {
      memcpy(table->names[slot], lowered, length);
      table->lengths[slot] = (uint8_t)length;
      return &table->counts[slot];
    }
    if (table->lengths[slot] == length && memcmp(table->names[slot], lowered, length) == 0)
      return &table->counts[slot];
  }
  return &table->counts[SLOTS - 1];
}

/* Whether the `length` bytes at `name` spell `word` (lower-case), in any letter case. */
static int names(const uint8_t *name, size_t length, const char *word) {
  if (strlen(word) != length) return 0;
  for (size_t i = 0; i < length; i++)
    if ((name[i] | 0x20) != (uint8_t)word[i]) return 0;
  return 1;
}

static int is_raw_text(const uint8_t *name, size_t length) {
  static const char *const raw[] = {"script", "style", "textarea", "title", "xmp",
                                    "iframe", "noembed", "noframes", "plaintext"};
  for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++)
    if (names(name, length, raw[i])) return 1;
  return 0;
}

/* The index just past the first `</name` (any case) at or after `from`, else `length`. */
static size_t skip_raw_text(const uint8_t *input, size_t length, size_t from, const uint8_t *name,
                            size_t name_length) {
  for (size_t i = from; i + 2 + name_length <= length; i++) {
    if (input[i] != '<' || input[i + 1] != '/') continue;
    int same = 1;
    for (size_t j = 0; j < name_length && same; j++)
      same = (input[i + 2 + j] | 0x20) == (name[j] | 0x20);
    if (same) return i;
  }
  return length;
}

int chp_check_markup_budgets(const uint8_t *input, size_t length, uint64_t maximum_attributes,
                             uint64_t maximum_unmatched_end_tags, uint64_t *value) {
  static _Thread_local open_counts table;
  memset(&table, 0, sizeof table);
  uint64_t unmatched = 0;
  size_t i = 0;
  while (i < length) {
    const uint8_t *next = memchr(input + i, '<', length - i);
    if (next == NULL) break;
    i = (size_t)(next - input) + 1;
    if (i + 2 < length && input[i] == '!' && input[i + 1] == '-' && input[i + 2] == '-') {
      size_t end = i + 3;
      while (end + 2 < length && !(input[end] == '-' && input[end + 1] == '-' && input[end + 2] == '>'))
        end++;
      i = end;
      continue;
    }
    int is_end = i < length && input[i] == '/';
    if (is_end) i++;
    if (i >= length || !is_letter(input[i])) continue;
    size_t name_start = i;
    while (i < length && !is_space(input[i]) && input[i] != '/' && input[i] != '>') i++;
    size_t name_length = i - name_start;
    uint64_t *open = count_of(&table, input + name_start, name_length);
    uint64_t attributes = 0;
    /* Attributes, as the tokenizer reads them; a quoted value may hold `>`. */
    while (i < length && input[i] != '>') {
      if (is_space(input[i]) || input[i] == '/') {
        i++;
        continue;
      }
      attributes++;
      i++;
      while (i < length && !is_space(input[i]) && input[i] != '/' && input[i] != '>' &&
             input[i] != '=')
        i++;
      while (i < length && is_space(input[i])) i++;
      if (i >= length || input[i] != '=') continue;
      i++;
      while (i < length && is_space(input[i])) i++;
      if (i < length && (input[i] == '"' || input[i] == '\'')) {
        const uint8_t *close = memchr(input + i + 1, input[i], length - i - 1);
        i = close == NULL ? length : (size_t)(close - input) + 1;
      } else {
        while (i < length && !is_space(input[i]) && input[i] != '>') i++;
      }
    }
    if (is_end) {
      if (*open > 0) {
        (*open)--;
      } else if (++unmatched > maximum_unmatched_end_tags) {
        *value = unmatched;
        return CHP_STATUS_END_TAGS_EXCEEDED;
      }
      continue;
    }
    if (attributes > maximum_attributes) {
      *value = attributes;
      return CHP_STATUS_ATTRIBUTES_EXCEEDED;
    }
    (*open)++;
    if (is_raw_text(input + name_start, name_length))
      i = skip_raw_text(input, length, i, input + name_start, name_length);
  }
  return 0;
}
