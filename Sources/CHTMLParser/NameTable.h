#ifndef CHTMLPARSER_NAME_TABLE_H
#define CHTMLPARSER_NAME_TABLE_H
/* Interns tag and attribute names: each distinct name is written to the event stream once
 * ('N' event) and referred to by its id afterwards, so Swift builds one String per name, not
 * one per element. The table owns its slots; the names' bytes live in the event stream. */
#include "CHTMLParser.h"

typedef struct chp_name_slot {
  uint32_t hash;
  uint32_t id;
  uint32_t length;
  size_t offset; /* where the name's bytes start in the event stream */
} chp_name_slot;

typedef struct chp_name_table {
  chp_name_slot *slots; /* owned; released by chp_name_table_free */
  size_t capacity;      /* a power of two */
  size_t count;
} chp_name_table;

/* The id of `name`, writing an 'N' event first if it is new. Returns -1 when out of memory. */
int64_t chp_name_table_intern(chp_name_table *table, chp_events *events, const char *name);
void chp_name_table_free(chp_name_table *table);

#endif
