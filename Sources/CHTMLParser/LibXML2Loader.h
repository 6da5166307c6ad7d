#ifndef CHTMLPARSER_LIBXML2LOADER_H
#define CHTMLPARSER_LIBXML2LOADER_H
/*
 * libxml2, loaded at run time on the first parse (dlopen), never linked.
 *
 * Why: linked, libxml2 brings ICU (libicuuc and its large libicudata), zlib and liblzma into
 * every process that links the importer, `render` and its worker among them, and relocating
 * them costs CPU at each start, while only HTML input and the sanitizer parse HTML.
 *
 * libxml2's headers are not included: they live under /usr/include/libxml2, which only an
 * unsafe include flag or pkg-config (which would also link the library) puts on the search
 * path, and SwiftPM refuses unsafe flags in a package used as a dependency. The shim declares
 * the little of libxml2's ABI it uses instead, under its own names: the SAX handler (public
 * ABI, callers fill it in), the first two fields of the parser context and of a node, the
 * parse options and the seven functions. Tests/HTMLImportTests/LibXML2Declarations.c checks
 * each declaration against the installed headers. Include this header in .c files only.
 */
#include <stddef.h>

typedef unsigned char chp_xml_char;

/* Callbacks the shim sets; the others are left NULL and typed as opaque function pointers. */
typedef void (*chp_xml_start_element)(void *user_data, const chp_xml_char *name,
                                      const chp_xml_char **attributes);
typedef void (*chp_xml_end_element)(void *user_data, const chp_xml_char *name);
typedef void (*chp_xml_characters)(void *user_data, const chp_xml_char *text, int length);
typedef void (*chp_xml_structured_error)(void *user_data, void *error);
typedef void (*chp_xml_unused_callback)(void);

/* libxml2's xmlSAXHandler, field for field (parser.h). */
typedef struct chp_xml_sax_handler {
  chp_xml_unused_callback internal_subset, is_standalone, has_internal_subset,
      has_external_subset, resolve_entity, get_entity, entity_declaration,
      notation_declaration, attribute_declaration, element_declaration,
      unparsed_entity_declaration, set_document_locator, start_document, end_document;
  chp_xml_start_element start_element;
  chp_xml_end_element end_element;
  chp_xml_unused_callback reference;
  chp_xml_characters characters;
  chp_xml_characters ignorable_whitespace;
  chp_xml_unused_callback processing_instruction, comment, warning, error, fatal_error,
      get_parameter_entity;
  chp_xml_characters cdata_block;
  chp_xml_unused_callback external_subset;
  unsigned int initialized;
  void *private_data;
  chp_xml_unused_callback start_element_ns, end_element_ns;
  chp_xml_structured_error structured_error;
} chp_xml_sax_handler;

/* `initialized` of a SAX2 handler (XML_SAX2_MAGIC). */
#define CHP_XML_SAX2_MAGIC 0xDEEDBEAFu

/* The head of xmlParserCtxt: its handler, and what every callback receives as `user_data`
 * (the context itself unless set, as SAX callers do). */
typedef struct chp_xml_parser_context {
  chp_xml_sax_handler *sax;
  void *user_data;
} chp_xml_parser_context;

/* The head xmlDoc and xmlNode share (tree.h): enough to walk a document's top-level nodes. */
typedef struct chp_xml_node {
  void *private_data;
  int type;
  const chp_xml_char *name;
  struct chp_xml_node *children;
  struct chp_xml_node *last;
  struct chp_xml_node *parent;
  struct chp_xml_node *next;
} chp_xml_node;

/* htmlParserOption values (HTMLparser.h). */
enum {
  CHP_HTML_PARSE_RECOVER = 1 << 0,
  CHP_HTML_PARSE_NOERROR = 1 << 5,
  CHP_HTML_PARSE_NOWARNING = 1 << 6,
  CHP_HTML_PARSE_NONET = 1 << 11,
  CHP_HTML_PARSE_IGNORE_ENC = 1 << 21
};

/* Each function's type, by its libxml2 name: X(name, return type, parameters). */
#define CHP_LIBXML2_FUNCTIONS(X)                                                                   \
  X(xmlInitParser, void, (void))                                                                   \
  X(xmlStopParser, void, (chp_xml_parser_context *))                                               \
  X(xmlFreeDoc, void, (chp_xml_node *))                                                            \
  X(htmlNewParserCtxt, chp_xml_parser_context *, (void))                                           \
  X(htmlFreeParserCtxt, void, (chp_xml_parser_context *))                                          \
  X(htmlCtxtReadMemory, chp_xml_node *,                                                            \
    (chp_xml_parser_context *, const char *, int, const char *, const char *, int))                \
  X(htmlReadMemory, chp_xml_node *, (const char *, int, const char *, const char *, int))

/* The functions, bound by chp_load_libxml2. */
extern struct chp_libxml2_functions {
#define CHP_LIBXML2_FIELD(name, result, parameters) result(*name) parameters;
  CHP_LIBXML2_FUNCTIONS(CHP_LIBXML2_FIELD)
#undef CHP_LIBXML2_FIELD
} chp_libxml2;

/* Loads and initialises libxml2 once per process; 0 when every function is bound, -1 when not
 * (chp_library_failure says why). */
int chp_load_libxml2(void);

#endif
