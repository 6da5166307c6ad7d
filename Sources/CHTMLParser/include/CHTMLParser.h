#ifndef CHTMLPARSER_H
#define CHTMLPARSER_H
/*
 * libxml2's HTML parser behind plain C types: this header includes no libxml2 header, because
 * libxml2's headers pull in an ICU that clashes with the one inside Swift's Foundation.
 *
 * One call parses a whole document in SAX mode and returns its events in one compact byte
 * buffer, so Swift crosses into C once per document instead of once per element or text run.
 *
 * Event encoding (integers are uint32_t in host byte order, unaligned; strings are UTF-8,
 * not NUL-terminated):
 *   'N' length bytes                       defines the next name id (0, 1, 2, ...)
 *   'S' name count (name length bytes)*    an element starts; `count` attributes follow, each an
 *                                          attribute name id and its value (character references
 *                                          decoded; empty when the attribute has no value)
 *   'E' name                               the innermost open element ends
 *   'T' length bytes                       text; adjacent runs are already merged, also across
 *                                          comments, so each 'T' is one text node
 * Start and end events are balanced unless the parse stopped at a limit.
 */
#include <stddef.h>
#include <stdint.h>

/* How a parse ended. */
enum {
  CHP_STATUS_OK = 0,
  CHP_STATUS_DEPTH_EXCEEDED = 1,   /* `limit_value` holds the depth reached */
  CHP_STATUS_NODES_EXCEEDED = 2,   /* `limit_value` holds the node count reached */
  CHP_STATUS_INPUT_TOO_LARGE = 3,  /* the repaired input passes libxml2's int-sized length */
  CHP_STATUS_OUT_OF_MEMORY = 4,
  CHP_STATUS_PARSER_FAILED = 5,    /* libxml2 could not create a parser context */
  CHP_STATUS_ATTRIBUTES_EXCEEDED = 6,  /* `limit_value` holds one start tag's attribute count */
  CHP_STATUS_END_TAGS_EXCEEDED = 7,    /* `limit_value` holds the unmatched end tags counted */
  CHP_STATUS_LIBRARY_UNAVAILABLE = 8   /* libxml2 could not be loaded: see chp_library_failure */
};

enum {
  CHP_EVENT_NAME = 'N',
  CHP_EVENT_START = 'S',
  CHP_EVENT_END = 'E',
  CHP_EVENT_TEXT = 'T'
};

/* Budgets checked while parsing; the parse stops at the first one crossed. */
typedef struct chp_limits {
  uint64_t maximum_depth;  /* open elements at once, counting libxml2's implied html and body */
  uint64_t maximum_nodes;  /* elements plus text nodes */
  /* Checked before libxml2 sees the bytes, where it is quadratic (see MarkupBudget.h). */
  uint64_t maximum_attributes;           /* attributes on one start tag */
  uint64_t maximum_unmatched_end_tags;   /* end tags matching no open start tag, in all */
} chp_limits;

/* The result of `chp_parse`. The caller owns it: release `bytes` with `chp_events_free`. */
typedef struct chp_events {
  uint8_t *bytes;        /* the event stream; NULL when nothing was produced */
  size_t length;         /* bytes used */
  size_t capacity;       /* bytes allocated */
  int32_t status;        /* a CHP_STATUS_ value */
  uint64_t limit_value;  /* for the *_EXCEEDED statuses: the value that crossed the limit */
  size_t input_length;   /* the input length after repair (for CHP_STATUS_INPUT_TOO_LARGE) */
  uint64_t node_count;   /* 'S' plus 'T' events: the Document's node count, root excluded */
} chp_events;

/*
 * Parses `length` bytes of HTML (any bytes: invalid UTF-8, NUL and control characters are
 * repaired first, see HTMLRepair.h, and markup libxml2 would lose text on is rewritten, see
 * MarkupRepair.h) into `events`, which must be zero-initialised by the caller
 * and released with `chp_events_free` whatever the status. Pass a non-zero `valid_utf8` only for
 * bytes known to be valid UTF-8 (a Swift String's): the repair scan is then cheaper.
 * Reentrant: each call owns its parser; the input is only read.
 */
void chp_parse(const uint8_t *html, size_t length, int valid_utf8, chp_limits limits,
               chp_events *events);

/* NULL once libxml2 is loaded (on the first parse, once per process; this call loads it too);
 * otherwise why it could not be, in plain words. */
const char *chp_library_failure(void);

/* libxml2's version as the loaded library reports it ("2.9.14"; this call loads it too), or
 * NULL when it cannot be loaded. */
const char *chp_library_version(void);

/* Releases the buffer `chp_parse` allocated and zeroes `events`. */
void chp_events_free(chp_events *events);

/*
 * For renderbench only (BenchKit's LibXML2Floor), never called by the importer: libxml2 builds
 * and frees its own tree for the same (already valid UTF-8) input with the importer's parse
 * options, the floor the import is measured against. Returns the number of top-level nodes, so
 * the work cannot be optimised away. It lives here because libxml2 is reached only through this
 * shim: its headers cannot be included from Swift (ICU clash), and the loaded library's
 * functions and the parse options are the shim's own.
 */
size_t chp_benchmark_tree_parse(const uint8_t *html, size_t length);

#endif
