#ifndef CCMARKGFMLOADER_H
#define CCMARKGFMLOADER_H
/*
 * libcmark-gfm and libcmark-gfm-extensions, loaded at run time into their own link-map
 * namespace (dlmopen with LM_ID_NEWLM), behind plain C types and names of our own; each document
 * is parsed into a parse arena of its own (CParseArena), which its tree goes with.
 *
 * Why: libcmark (linked by the cmark engine) and libcmark-gfm export the same cmark_* symbols
 * and neither binds them locally, so linked side by side each would call the other's code.
 * In a namespace of its own, libcmark-gfm resolves its symbols against itself (and its own copy
 * of libc); this process never links it. It allocates through the host's malloc (in an arena),
 * never its namespace's; buffers are released through rgfm_free_buffer, never free.
 *
 * This header includes no cmark header, so that no cmark type reaches Swift.
 */
#include <stddef.h>
#include <stdint.h>

/* Options, mapped by the loader to cmark-gfm's CMARK_OPT_* flags. */
enum {
  RGFM_OPTION_UNSAFE = 1 << 0,
  RGFM_OPTION_SMART = 1 << 1,
  RGFM_OPTION_HARD_BREAKS = 1 << 2,
  RGFM_OPTION_SOURCE_POSITIONS = 1 << 3,
  RGFM_OPTION_FOOTNOTES = 1 << 4
};

/* Syntax extensions from libcmark-gfm-extensions. */
enum {
  RGFM_EXTENSION_TABLE = 1 << 0,
  RGFM_EXTENSION_STRIKETHROUGH = 1 << 1,
  RGFM_EXTENSION_AUTOLINK = 1 << 2,
  RGFM_EXTENSION_TASKLIST = 1 << 3,
  RGFM_EXTENSION_TAGFILTER = 1 << 4
};

/* Loads the libraries once (thread-safe). Returns NULL on success, else a message saying what
 * failed (static storage, valid for the life of the process). */
const char *rgfm_load(void);

/* The run-time library's version string, e.g. "0.29.0.gfm.6", as the loaded library reports it;
 * NULL if it cannot be loaded. Loads the libraries. */
const char *rgfm_version(void);

/* The version the loader asks for, without loading anything: the run-time soname carries the
 * full version (libcmark-gfm-extensions.so.0.29.0.gfm.6), so a library that loads is this one.
 * What a descriptor reports, so that listing engines or checking options costs no dlmopen (a
 * second C library in its own namespace, which every start would then pay for). */
const char *rgfm_requested_version(void);

/* The file the loader asks the dynamic linker for (the extensions library's run-time soname). */
const char *rgfm_library_name(void);

/* A parsed document: the parser (which owns the extension list rendering needs) and its tree. */
typedef struct rgfm_document rgfm_document;

/* Parses `length` bytes of UTF-8. Returns NULL when out of memory or not loaded. Parsing is
 * serialised inside the loader: cmark-gfm's inline parser flips a process-wide table of special
 * characters for each parse's extensions. */
rgfm_document *rgfm_parse(const char *text, size_t length, int options, unsigned extensions);

/* Renders the document as HTML. Returns the buffer (NUL-terminated, `*length` bytes without the
 * NUL) or NULL when out of memory; release it with rgfm_free_buffer. */
char *rgfm_render_html(rgfm_document *document, size_t *length);

/* Releases a buffer rgfm_render_html returned (it outlives its document). */
void rgfm_free_buffer(char *buffer);

/* Releases a document and its tree. */
void rgfm_document_free(rgfm_document *document);

/* Walking a document's tree, in document order, without recursion. */
enum { RGFM_EVENT_DONE = 0, RGFM_EVENT_ENTER = 1, RGFM_EVENT_EXIT = 2 };

/* Node kinds. Leaves (text, code, breaks, code blocks, raw HTML, rules) have no exit event. */
enum {
  RGFM_NODE_OTHER = 0, /* a node this list does not know (never produced by the parser) */
  RGFM_NODE_DOCUMENT,
  RGFM_NODE_BLOCK_QUOTE,
  RGFM_NODE_LIST,
  RGFM_NODE_ITEM,
  RGFM_NODE_CODE_BLOCK,
  RGFM_NODE_HTML_BLOCK,
  RGFM_NODE_PARAGRAPH,
  RGFM_NODE_HEADING,
  RGFM_NODE_THEMATIC_BREAK,
  RGFM_NODE_TEXT,
  RGFM_NODE_SOFT_BREAK,
  RGFM_NODE_LINE_BREAK,
  RGFM_NODE_CODE,
  RGFM_NODE_HTML_INLINE,
  RGFM_NODE_EMPHASIS,
  RGFM_NODE_STRONG,
  RGFM_NODE_LINK,
  RGFM_NODE_IMAGE,
  RGFM_NODE_FOOTNOTE, /* a footnote reference or definition */
  RGFM_NODE_TABLE,
  RGFM_NODE_TABLE_ROW,
  RGFM_NODE_TABLE_CELL,
  RGFM_NODE_STRIKETHROUGH
};

/* One node, as an event reports it. Strings are NUL-terminated UTF-8 owned by the document
 * (valid until it is released); only the fields of the node's kind are set, on enter. */
typedef struct {
  int kind;
  const char *literal; /* text, code, code block, raw HTML */
  const char *url;     /* link, image */
  const char *title;   /* link, image */
  const char *info;    /* code block */
  int level;           /* heading */
  int ordered;         /* list */
  int start;           /* list */
  int tight;           /* list */
  int task;            /* item: a task-list item */
  int checked;         /* item: its box is checked */
  int header;          /* table row: the header row */
  int alone;           /* code: all its paragraph holds, a paragraph written as <p> */
  int columns;         /* table */
  const uint8_t *alignments; /* table: one of 'l', 'c', 'r' or 0 per column */
} rgfm_node;

typedef struct rgfm_walk rgfm_walk;

/* Starts a walk over the document's tree; NULL when out of memory. */
rgfm_walk *rgfm_walk_new(rgfm_document *document);

/* The next event (RGFM_EVENT_*), with its node in `*node`. */
int rgfm_walk_next(rgfm_walk *walk, rgfm_node *node);

/* Replaces the node of the walk's last event with `html` (NUL-terminated), which the HTML
 * renderer writes as it is, whatever the safe mode: a code span (on enter) with an inline, a
 * code block (on enter) or a paragraph (on exit) with a block. The walk goes on after the node,
 * never into what replaced it. Returns 0 when the tree would not take it there. */
int rgfm_walk_replace(rgfm_walk *walk, const char *html);

/* Ends a walk. */
void rgfm_walk_free(rgfm_walk *walk);

/* Parse, render and release in one call, returning the HTML's length: the benchmark's floor
 * (what a C program calling cmark-gfm directly does). -1 when out of memory or not loaded. */
long rgfm_markdown_to_html_length(const char *text, size_t length, int options,
                                  unsigned extensions);

#endif
