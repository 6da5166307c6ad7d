#ifndef CHTMLPARSER_LIBXML2LOADER_H
#define CHTMLPARSER_LIBXML2LOADER_H
/*
 * libxml2, loaded at run time on the first parse (dlopen), never linked.
 *
 * Why: linked, libxml2 brings ICU (libicuuc and its large libicudata), zlib and liblzma into
 * every process that links the importer, `render` and its worker among them, and relocating
 * them costs CPU at each start, while only HTML input and the sanitizer parse HTML.
 * libxml2's headers give the types and signatures; every call goes through a pointer looked up
 * in the loaded library. Include this header in .c files only (ICU clash, see CHTMLParser.h).
 */
#include <libxml/HTMLparser.h>

#define CHP_LIBXML2_FUNCTIONS(X)                                                                   \
  X(xmlInitParser)                                                                                 \
  X(xmlStopParser)                                                                                 \
  X(xmlFreeDoc)                                                                                    \
  X(htmlNewParserCtxt)                                                                             \
  X(htmlFreeParserCtxt)                                                                            \
  X(htmlCtxtReadMemory)                                                                            \
  X(htmlReadMemory)

/* The functions, bound by chp_load_libxml2. */
extern struct chp_libxml2_functions {
#define CHP_LIBXML2_FIELD(name) __typeof__(&name) name;
  CHP_LIBXML2_FUNCTIONS(CHP_LIBXML2_FIELD)
#undef CHP_LIBXML2_FIELD
} chp_libxml2;

/* Loads and initialises libxml2 once per process; 0 when every function is bound, -1 when not
 * (chp_library_failure says why). */
int chp_load_libxml2(void);

#endif
