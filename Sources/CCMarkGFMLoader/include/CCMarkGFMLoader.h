#ifndef CCMARKGFMLOADER_H
#define CCMARKGFMLOADER_H
/*
 * libcmark-gfm and libcmark-gfm-extensions, loaded at run time into their own link-map
 * namespace (dlmopen with LM_ID_NEWLM), behind plain C types and names of our own.
 *
 * Why: libcmark (linked by the cmark engine) and libcmark-gfm export the same cmark_* symbols
 * and neither binds them locally, so linked side by side each would call the other's code.
 * In a namespace of its own, libcmark-gfm resolves its symbols against itself (and its own copy
 * of libc); this process never links it. Everything it allocates belongs to that namespace's
 * allocator, so buffers are released through rgfm_free_buffer, never the host's free.
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

/* The run-time library's version string, e.g. "0.29.0.gfm.6"; NULL if not loaded. */
const char *rgfm_version(void);

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

/* Releases a buffer rgfm_render_html returned, with the library's own allocator. */
void rgfm_free_buffer(char *buffer);

/* Releases a document and its tree. */
void rgfm_document_free(rgfm_document *document);

/* Parse, render and release in one call, returning the HTML's length: the benchmark's floor
 * (what a C program calling cmark-gfm directly does). -1 when out of memory or not loaded. */
long rgfm_markdown_to_html_length(const char *text, size_t length, int options,
                                  unsigned extensions);

#endif
