#define _GNU_SOURCE
#include "CCMarkGFMLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cmark-gfm's headers give the types and signatures only: every call goes through a pointer
 * looked up in the namespace the libraries were loaded into, so nothing here references a
 * cmark_* symbol and the linker never pulls libcmark-gfm (or libcmark) in for this file. */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm_version.h>

/* The run-time soname (what the runtime package installs; the unversioned .so is in -dev). */
#define RGFM_EXTENSIONS_SONAME "libcmark-gfm-extensions.so." CMARK_GFM_VERSION_STRING

#define RGFM_FUNCTIONS(X)                                                                          \
  X(cmark_version_string)                                                                          \
  X(cmark_get_default_mem_allocator)                                                               \
  X(cmark_gfm_core_extensions_ensure_registered)                                                   \
  X(cmark_find_syntax_extension)                                                                   \
  X(cmark_parser_new_with_mem)                                                                     \
  X(cmark_parser_attach_syntax_extension)                                                          \
  X(cmark_parser_get_syntax_extensions)                                                            \
  X(cmark_parser_feed)                                                                             \
  X(cmark_parser_finish)                                                                           \
  X(cmark_parser_free)                                                                             \
  X(cmark_render_html_with_mem)                                                                    \
  X(cmark_node_free)

static struct {
#define RGFM_FIELD(name) __typeof__(&name) name;
  RGFM_FUNCTIONS(RGFM_FIELD)
#undef RGFM_FIELD
  cmark_mem *mem;
  cmark_syntax_extension *table, *strikethrough, *autolink, *tasklist, *tagfilter;
  const char *version;
  /* The namespace's libc sets up its per-thread ctype tables (tolower, isalpha...) in threads it
   * starts itself; threads this process starts come from the host's libc, so each one calls this
   * once before entering the library (tagfilter and autolink call tolower). */
  void (*ctype_init)(void);
} gfm;

static __thread int thread_ready;

struct rgfm_document {
  cmark_parser *parser;
  cmark_node *root;
  int flags;
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char load_failure_text[1024];
static pthread_mutex_t parse_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what, const char *detail) {
  snprintf(load_failure_text, sizeof load_failure_text, "%s: %s", what, detail ? detail : "");
  load_failure = load_failure_text;
}

static cmark_syntax_extension *find_extension(const char *name) {
  cmark_syntax_extension *extension = gfm.cmark_find_syntax_extension(name);
  if (!extension) fail("libcmark-gfm-extensions has no extension named", name);
  return extension;
}

static void load(void) {
  /* LM_ID_NEWLM: a fresh namespace, where the extensions library's dependency libcmark-gfm
   * (and a libc of its own) are loaded too and bind to each other, never to libcmark. */
  void *handle = dlmopen(LM_ID_NEWLM, RGFM_EXTENSIONS_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    fail("cannot load " RGFM_EXTENSIONS_SONAME, dlerror());
    return;
  }
#define RGFM_BIND(name)                                                                            \
  gfm.name = (__typeof__(&name))dlsym(handle, #name);                                              \
  if (!gfm.name) {                                                                                 \
    fail(RGFM_EXTENSIONS_SONAME " lacks " #name, dlerror());                                       \
    return;                                                                                        \
  }
  RGFM_FUNCTIONS(RGFM_BIND)
#undef RGFM_BIND
  gfm.ctype_init = (void (*)(void))dlsym(handle, "__ctype_init");
  if (!gfm.ctype_init) {
    fail("the C library loaded with " RGFM_EXTENSIONS_SONAME " lacks __ctype_init", dlerror());
    return;
  }
  gfm.ctype_init();
  thread_ready = 1;
  gfm.cmark_gfm_core_extensions_ensure_registered();
  gfm.mem = gfm.cmark_get_default_mem_allocator();
  if (!(gfm.table = find_extension("table"))) return;
  if (!(gfm.strikethrough = find_extension("strikethrough"))) return;
  if (!(gfm.autolink = find_extension("autolink"))) return;
  if (!(gfm.tasklist = find_extension("tasklist"))) return;
  if (!(gfm.tagfilter = find_extension("tagfilter"))) return;
  gfm.version = gfm.cmark_version_string();
}

const char *rgfm_load(void) {
  pthread_once(&load_once, load);
  if (!thread_ready && !load_failure) {
    gfm.ctype_init();
    thread_ready = 1;
  }
  return load_failure;
}

/* Every entry into the library goes through here: a fragment may be released on another thread
 * than the one that rendered it. */
static inline void enter(void) {
  if (!thread_ready) rgfm_load();
}

const char *rgfm_version(void) { return rgfm_load() ? NULL : gfm.version; }

const char *rgfm_library_name(void) { return RGFM_EXTENSIONS_SONAME; }

static int cmark_flags(int options) {
  int flags = CMARK_OPT_DEFAULT;
  if (options & RGFM_OPTION_UNSAFE) flags |= CMARK_OPT_UNSAFE;
  if (options & RGFM_OPTION_SMART) flags |= CMARK_OPT_SMART;
  if (options & RGFM_OPTION_HARD_BREAKS) flags |= CMARK_OPT_HARDBREAKS;
  if (options & RGFM_OPTION_SOURCE_POSITIONS) flags |= CMARK_OPT_SOURCEPOS;
  if (options & RGFM_OPTION_FOOTNOTES) flags |= CMARK_OPT_FOOTNOTES;
  return flags;
}

static void attach(cmark_parser *parser, unsigned extensions) {
  if (extensions & RGFM_EXTENSION_TABLE) gfm.cmark_parser_attach_syntax_extension(parser, gfm.table);
  if (extensions & RGFM_EXTENSION_STRIKETHROUGH)
    gfm.cmark_parser_attach_syntax_extension(parser, gfm.strikethrough);
  if (extensions & RGFM_EXTENSION_AUTOLINK)
    gfm.cmark_parser_attach_syntax_extension(parser, gfm.autolink);
  if (extensions & RGFM_EXTENSION_TASKLIST)
    gfm.cmark_parser_attach_syntax_extension(parser, gfm.tasklist);
  if (extensions & RGFM_EXTENSION_TAGFILTER)
    gfm.cmark_parser_attach_syntax_extension(parser, gfm.tagfilter);
}

rgfm_document *rgfm_parse(const char *text, size_t length, int options, unsigned extensions) {
  if (rgfm_load()) return NULL;
  rgfm_document *document = calloc(1, sizeof *document);
  if (!document) return NULL;
  document->flags = cmark_flags(options);
  document->parser = gfm.cmark_parser_new_with_mem(document->flags, gfm.mem);
  attach(document->parser, extensions);
  /* cmark-gfm adds each parse's inline extension characters to a process-wide table and removes
   * them when the parse ends, so two parses at once would change each other's syntax. */
  pthread_mutex_lock(&parse_lock);
  gfm.cmark_parser_feed(document->parser, text, length);
  document->root = gfm.cmark_parser_finish(document->parser);
  pthread_mutex_unlock(&parse_lock);
  if (!document->root) {
    rgfm_document_free(document);
    return NULL;
  }
  return document;
}

char *rgfm_render_html(rgfm_document *document, size_t *length) {
  enter();
  char *html = gfm.cmark_render_html_with_mem(
      document->root, document->flags, gfm.cmark_parser_get_syntax_extensions(document->parser),
      gfm.mem);
  if (html && length) *length = strlen(html);
  return html;
}

void rgfm_free_buffer(char *buffer) {
  if (!buffer) return;
  enter();
  gfm.mem->free(buffer);
}

void rgfm_document_free(rgfm_document *document) {
  if (!document) return;
  enter();
  if (document->root) gfm.cmark_node_free(document->root);
  if (document->parser) gfm.cmark_parser_free(document->parser);
  free(document);
}

long rgfm_markdown_to_html_length(const char *text, size_t length, int options,
                                  unsigned extensions) {
  rgfm_document *document = rgfm_parse(text, length, options, extensions);
  if (!document) return -1;
  size_t html_length = 0;
  char *html = rgfm_render_html(document, &html_length);
  rgfm_free_buffer(html);
  rgfm_document_free(document);
  return html ? (long)html_length : -1;
}
