#define _GNU_SOURCE
#include "CCMarkGFMLoader.h"
#include "ParseArena.h"

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
  X(cmark_node_free)                                                                               \
  X(cmark_node_new_with_mem)                                                                       \
  X(cmark_node_set_on_enter)                                                                       \
  X(cmark_node_replace)                                                                            \
  X(cmark_node_parent)                                                                             \
  X(cmark_node_previous)                                                                           \
  X(cmark_node_next)                                                                               \
  X(cmark_iter_new)                                                                                \
  X(cmark_iter_next)                                                                               \
  X(cmark_iter_get_node)                                                                           \
  X(cmark_iter_free)                                                                               \
  X(cmark_node_get_type)                                                                           \
  X(cmark_node_get_literal)                                                                        \
  X(cmark_node_get_url)                                                                            \
  X(cmark_node_get_title)                                                                          \
  X(cmark_node_get_fence_info)                                                                     \
  X(cmark_node_get_heading_level)                                                                  \
  X(cmark_node_get_list_type)                                                                      \
  X(cmark_node_get_list_start)                                                                     \
  X(cmark_node_get_list_tight)                                                                     \
  X(cmark_node_get_syntax_extension)                                                               \
  X(cmark_gfm_extensions_get_tasklist_item_checked)                                                \
  X(cmark_gfm_extensions_get_table_columns)                                                        \
  X(cmark_gfm_extensions_get_table_alignments)                                                     \
  X(cmark_gfm_extensions_get_table_row_is_header)

static struct {
#define RGFM_FIELD(name) __typeof__(&name) name;
  RGFM_FUNCTIONS(RGFM_FIELD)
#undef RGFM_FIELD
  cmark_syntax_extension *table, *strikethrough, *autolink, *tasklist, *tagfilter;
  /* The extensions' node types, assigned when they register. */
  cmark_node_type table_type, table_row_type, table_cell_type, strikethrough_type;
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
  /* Where the parser allocates: the document's arena (CParseArena), which the tree goes with,
   * or, for the benchmark's floor, the host's malloc (arena NULL). */
  cmark_mem *mem;
  parse_arena *arena;
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char load_failure_text[1024];
static pthread_mutex_t parse_lock = PTHREAD_MUTEX_INITIALIZER;

static void *host_calloc(size_t count, size_t size) {
  void *pointer = calloc(count, size);
  if (!pointer) abort(); /* cmark's own allocator aborts too: it never checks for NULL */
  return pointer;
}

static void *host_realloc(void *pointer, size_t size) {
  void *grown = realloc(pointer, size);
  if (!grown) abort();
  return grown;
}

/* Every parse and render allocates through the host's malloc, directly or through an arena, not
 * the namespace's own C library: that second malloc takes its process-wide shortcuts for a
 * process it believes single-threaded, and two mallocs sharing one heap is what corrupts it. */
static cmark_mem host_allocator = {host_calloc, host_realloc, free};
static cmark_mem arena_allocator = {parse_arena_calloc, parse_arena_realloc, parse_arena_free};

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
  if (!(gfm.table = find_extension("table"))) return;
  if (!(gfm.strikethrough = find_extension("strikethrough"))) return;
  if (!(gfm.autolink = find_extension("autolink"))) return;
  if (!(gfm.tasklist = find_extension("tasklist"))) return;
  if (!(gfm.tagfilter = find_extension("tagfilter"))) return;
  static const char *const type_names[] = {"CMARK_NODE_TABLE", "CMARK_NODE_TABLE_ROW",
                                           "CMARK_NODE_TABLE_CELL", "CMARK_NODE_STRIKETHROUGH"};
  cmark_node_type *types[] = {&gfm.table_type, &gfm.table_row_type, &gfm.table_cell_type,
                              &gfm.strikethrough_type};
  for (size_t index = 0; index < 4; index++) {
    cmark_node_type *type = dlsym(handle, type_names[index]);
    if (!type) {
      fail(RGFM_EXTENSIONS_SONAME " lacks", type_names[index]);
      return;
    }
    *types[index] = *type;
  }
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

const char *rgfm_requested_version(void) { return CMARK_GFM_VERSION_STRING; }

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

/* Parses into a new arena when `in_arena`, else with the host's malloc. Each call on a document
 * enters its arena for the call's length and restores the caller's: a fragment may be released
 * on another thread than the one that parsed it. */
static rgfm_document *parse(const char *text, size_t length, int options, unsigned extensions,
                            int in_arena) {
  if (rgfm_load()) return NULL;
  rgfm_document *document = calloc(1, sizeof *document);
  if (!document) return NULL;
  if (in_arena && !(document->arena = parse_arena_create())) {
    free(document);
    return NULL;
  }
  document->mem = in_arena ? &arena_allocator : &host_allocator;
  parse_arena *caller = parse_arena_enter(document->arena);
  document->flags = cmark_flags(options);
  document->parser = gfm.cmark_parser_new_with_mem(document->flags, document->mem);
  attach(document->parser, extensions);
  /* cmark-gfm adds each parse's inline extension characters to a process-wide table and removes
   * them when the parse ends, so two parses at once would change each other's syntax. */
  pthread_mutex_lock(&parse_lock);
  gfm.cmark_parser_feed(document->parser, text, length);
  document->root = gfm.cmark_parser_finish(document->parser);
  pthread_mutex_unlock(&parse_lock);
  parse_arena_enter(caller);
  if (!document->root) {
    rgfm_document_free(document);
    return NULL;
  }
  return document;
}

rgfm_document *rgfm_parse(const char *text, size_t length, int options, unsigned extensions) {
  return parse(text, length, options, extensions, 1);
}

/* The document's HTML, in its allocator. */
static char *render(rgfm_document *document) {
  return gfm.cmark_render_html_with_mem(
      document->root, document->flags, gfm.cmark_parser_get_syntax_extensions(document->parser),
      document->mem);
}

char *rgfm_render_html(rgfm_document *document, size_t *length) {
  enter();
  parse_arena *caller = parse_arena_enter(document->arena);
  char *html = render(document);
  /* The buffer outlives the document: it leaves the arena. */
  if (html) html = parse_arena_take(html);
  parse_arena_enter(caller);
  if (html && length) *length = strlen(html);
  return html;
}

void rgfm_free_buffer(char *buffer) { parse_arena_free_taken(buffer); }

void rgfm_document_free(rgfm_document *document) {
  if (!document) return;
  enter();
  parse_arena *caller = parse_arena_enter(document->arena);
  /* In an arena the tree goes with it, with no walk of its nodes. */
  if (document->root && !document->arena) gfm.cmark_node_free(document->root);
  if (document->parser) gfm.cmark_parser_free(document->parser);
  parse_arena_enter(caller);
  parse_arena_destroy(document->arena);
  free(document);
}

struct rgfm_walk {
  cmark_iter *iterator;
  parse_arena *arena; /* the document's, which the iterator is allocated in */
  cmark_mem *mem;     /* the document's allocator, for the nodes a replacement makes */
};

rgfm_walk *rgfm_walk_new(rgfm_document *document) {
  enter();
  rgfm_walk *walk = calloc(1, sizeof *walk);
  if (!walk) return NULL;
  walk->arena = document->arena;
  walk->mem = document->mem;
  parse_arena *caller = parse_arena_enter(walk->arena);
  walk->iterator = gfm.cmark_iter_new(document->root);
  parse_arena_enter(caller);
  if (!walk->iterator) {
    free(walk);
    return NULL;
  }
  return walk;
}

static int kind_of(cmark_node_type type) {
  switch (type) {
  case CMARK_NODE_DOCUMENT: return RGFM_NODE_DOCUMENT;
  case CMARK_NODE_BLOCK_QUOTE: return RGFM_NODE_BLOCK_QUOTE;
  case CMARK_NODE_LIST: return RGFM_NODE_LIST;
  case CMARK_NODE_ITEM: return RGFM_NODE_ITEM;
  case CMARK_NODE_CODE_BLOCK: return RGFM_NODE_CODE_BLOCK;
  case CMARK_NODE_HTML_BLOCK: return RGFM_NODE_HTML_BLOCK;
  case CMARK_NODE_PARAGRAPH: return RGFM_NODE_PARAGRAPH;
  case CMARK_NODE_HEADING: return RGFM_NODE_HEADING;
  case CMARK_NODE_THEMATIC_BREAK: return RGFM_NODE_THEMATIC_BREAK;
  case CMARK_NODE_FOOTNOTE_DEFINITION: return RGFM_NODE_FOOTNOTE;
  case CMARK_NODE_TEXT: return RGFM_NODE_TEXT;
  case CMARK_NODE_SOFTBREAK: return RGFM_NODE_SOFT_BREAK;
  case CMARK_NODE_LINEBREAK: return RGFM_NODE_LINE_BREAK;
  case CMARK_NODE_CODE: return RGFM_NODE_CODE;
  case CMARK_NODE_HTML_INLINE: return RGFM_NODE_HTML_INLINE;
  case CMARK_NODE_EMPH: return RGFM_NODE_EMPHASIS;
  case CMARK_NODE_STRONG: return RGFM_NODE_STRONG;
  case CMARK_NODE_LINK: return RGFM_NODE_LINK;
  case CMARK_NODE_IMAGE: return RGFM_NODE_IMAGE;
  case CMARK_NODE_FOOTNOTE_REFERENCE: return RGFM_NODE_FOOTNOTE;
  default: break;
  }
  if (type == gfm.table_type) return RGFM_NODE_TABLE;
  if (type == gfm.table_row_type) return RGFM_NODE_TABLE_ROW;
  if (type == gfm.table_cell_type) return RGFM_NODE_TABLE_CELL;
  if (type == gfm.strikethrough_type) return RGFM_NODE_STRIKETHROUGH;
  return RGFM_NODE_OTHER;
}

/* Whether `node` is all its paragraph holds, and the paragraph is written as <p>: the HTML
 * renderer leaves out the <p> of a tight list's paragraphs. */
static int alone_in_paragraph(cmark_node *node) {
  cmark_node *paragraph = gfm.cmark_node_parent(node);
  if (!paragraph || gfm.cmark_node_get_type(paragraph) != CMARK_NODE_PARAGRAPH) return 0;
  if (gfm.cmark_node_previous(node) || gfm.cmark_node_next(node)) return 0;
  cmark_node *item = gfm.cmark_node_parent(paragraph);
  cmark_node *list = item ? gfm.cmark_node_parent(item) : NULL;
  return !(list && gfm.cmark_node_get_type(list) == CMARK_NODE_LIST &&
           gfm.cmark_node_get_list_tight(list));
}

static int next_event(rgfm_walk *walk, rgfm_node *out) {
  cmark_event_type event = gfm.cmark_iter_next(walk->iterator);
  if (event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE) return RGFM_EVENT_DONE;
  cmark_node *node = gfm.cmark_iter_get_node(walk->iterator);
  memset(out, 0, sizeof *out);
  out->kind = kind_of(gfm.cmark_node_get_type(node));
  if (event == CMARK_EVENT_EXIT) return RGFM_EVENT_EXIT;
  switch (out->kind) {
  case RGFM_NODE_TEXT:
  case RGFM_NODE_CODE:
  case RGFM_NODE_HTML_BLOCK:
  case RGFM_NODE_HTML_INLINE: out->literal = gfm.cmark_node_get_literal(node); break;
  case RGFM_NODE_CODE_BLOCK:
    out->literal = gfm.cmark_node_get_literal(node);
    out->info = gfm.cmark_node_get_fence_info(node);
    break;
  case RGFM_NODE_LINK:
  case RGFM_NODE_IMAGE:
    out->url = gfm.cmark_node_get_url(node);
    out->title = gfm.cmark_node_get_title(node);
    break;
  case RGFM_NODE_HEADING: out->level = gfm.cmark_node_get_heading_level(node); break;
  case RGFM_NODE_LIST:
    out->ordered = gfm.cmark_node_get_list_type(node) == CMARK_ORDERED_LIST;
    out->start = gfm.cmark_node_get_list_start(node);
    out->tight = gfm.cmark_node_get_list_tight(node);
    break;
  case RGFM_NODE_ITEM:
    out->task = gfm.cmark_node_get_syntax_extension(node) == gfm.tasklist;
    out->checked = out->task && gfm.cmark_gfm_extensions_get_tasklist_item_checked(node);
    break;
  case RGFM_NODE_TABLE:
    out->columns = gfm.cmark_gfm_extensions_get_table_columns(node);
    out->alignments = gfm.cmark_gfm_extensions_get_table_alignments(node);
    break;
  case RGFM_NODE_TABLE_ROW: out->header = gfm.cmark_gfm_extensions_get_table_row_is_header(node); break;
  default: break;
  }
  if (out->kind == RGFM_NODE_CODE) out->alone = alone_in_paragraph(node);
  return RGFM_EVENT_ENTER;
}

/* The accessors allocate: a literal cut from its paragraph's text gets its terminating NUL in a
 * copy the first time it is read. */
int rgfm_walk_next(rgfm_walk *walk, rgfm_node *out) {
  parse_arena *caller = parse_arena_enter(walk->arena);
  int event = next_event(walk, out);
  parse_arena_enter(caller);
  return event;
}

/* The iterator has already stepped past the current node (to its next sibling, or out of its
 * parent), so replacing it leaves the rest of the walk as it was. */
int rgfm_walk_replace(rgfm_walk *walk, const char *html) {
  parse_arena *caller = parse_arena_enter(walk->arena);
  cmark_node *node = gfm.cmark_iter_get_node(walk->iterator);
  cmark_node_type type = gfm.cmark_node_get_type(node);
  int replaced = 0;
  if (type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_PARAGRAPH) {
    cmark_node *custom = gfm.cmark_node_new_with_mem(
        type == CMARK_NODE_CODE ? CMARK_NODE_CUSTOM_INLINE : CMARK_NODE_CUSTOM_BLOCK, walk->mem);
    replaced = custom && gfm.cmark_node_set_on_enter(custom, html) &&
               gfm.cmark_node_replace(node, custom);
    /* In an arena the node left out goes with the tree. */
    if (replaced && !walk->arena) gfm.cmark_node_free(node);
  }
  parse_arena_enter(caller);
  return replaced;
}

void rgfm_walk_free(rgfm_walk *walk) {
  if (!walk) return;
  parse_arena *caller = parse_arena_enter(walk->arena);
  gfm.cmark_iter_free(walk->iterator);
  parse_arena_enter(caller);
  free(walk);
}

long rgfm_markdown_to_html_length(const char *text, size_t length, int options,
                                  unsigned extensions) {
  rgfm_document *document = parse(text, length, options, extensions, 0);
  if (!document) return -1;
  char *html = render(document);
  long html_length = html ? (long)strlen(html) : -1;
  free(html);
  rgfm_document_free(document);
  return html_length;
}
