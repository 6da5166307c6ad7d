#include "NameTable.h"

#include <stdlib.h>
#include <string.h>

#include "EventBuffer.h"

static uint32_t hash_name(const char *name, size_t length) {
  uint32_t hash = 2166136261u;
  for (size_t index = 0; index < length; index++) {
    hash = (hash ^ (uint8_t)name[index]) * 16777619u;
  }
  return hash;
}

static int grow(chp_name_table *table) {
  size_t capacity = table->capacity == 0 ? 64 : table->capacity * 2;
  chp_name_slot *slots = calloc(capacity, sizeof *slots);
  if (slots == NULL) return -1;
  for (size_t index = 0; index < table->capacity; index++) {
    chp_name_slot slot = table->slots[index];
    if (slot.length == 0) continue;
    size_t position = slot.hash & (capacity - 1);
    while (slots[position].length != 0) position = (position + 1) & (capacity - 1);
    slots[position] = slot;
  }
  free(table->slots);
  table->slots = slots;
  table->capacity = capacity;
  return 0;
}

int64_t chp_name_table_intern(chp_name_table *table, chp_events *events, const char *name) {
  size_t length = strlen(name);
  /* An empty name cannot come from libxml2; keeping length 0 as the empty-slot mark is safe. */
  if (length == 0 || length > UINT32_MAX) return -1;
  uint32_t hash = hash_name(name, length);
  if (table->count * 2 >= table->capacity && grow(table) != 0) return -1;
  size_t position = hash & (table->capacity - 1);
  while (table->slots[position].length != 0) {
    chp_name_slot *slot = &table->slots[position];
    if (slot->hash == hash && slot->length == length &&
        memcmp(events->bytes + slot->offset, name, length) == 0) {
      return slot->id;
    }
    position = (position + 1) & (table->capacity - 1);
  }
  if (chp_buffer_append_byte(events, CHP_EVENT_NAME) != 0 ||
      chp_buffer_append_u32(events, (uint32_t)length) != 0) {
    return -1;
  }
  size_t offset = events->length;
  if (chp_buffer_append_bytes(events, name, length) != 0) return -1;
  chp_name_slot *slot = &table->slots[position];
  slot->hash = hash;
  slot->id = (uint32_t)table->count;
  slot->length = (uint32_t)length;
  slot->offset = offset;
  table->count += 1;
  return slot->id;
}

void chp_name_table_free(chp_name_table *table) {
  free(table->slots);
  memset(table, 0, sizeof *table);
}
