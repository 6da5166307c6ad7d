/*
 * Compiled (never run) by LibXML2DeclarationsTests against the installed libxml2 headers: each
 * declaration Sources/CHTMLParser/LibXML2Loader.h makes in their place must match them, so a
 * libxml2 whose ABI moved fails here rather than in a parse.
 */
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "LibXML2Loader.h"

#define SAME_FIELD(ours, theirs, field, their_field)                                               \
  _Static_assert(offsetof(ours, field) == offsetof(theirs, their_field),                           \
                 #field " moved");                                                                 \
  _Static_assert(sizeof(((ours *)0)->field) == sizeof(((theirs *)0)->their_field),                 \
                 #field " resized")

_Static_assert(sizeof(chp_xml_sax_handler) == sizeof(xmlSAXHandler), "SAX handler size");
SAME_FIELD(chp_xml_sax_handler, xmlSAXHandler, start_element, startElement);
SAME_FIELD(chp_xml_sax_handler, xmlSAXHandler, end_element, endElement);
SAME_FIELD(chp_xml_sax_handler, xmlSAXHandler, characters, characters);
SAME_FIELD(chp_xml_sax_handler, xmlSAXHandler, ignorable_whitespace, ignorableWhitespace);
SAME_FIELD(chp_xml_sax_handler, xmlSAXHandler, cdata_block, cdataBlock);
SAME_FIELD(chp_xml_sax_handler, xmlSAXHandler, initialized, initialized);
SAME_FIELD(chp_xml_sax_handler, xmlSAXHandler, structured_error, serror);
_Static_assert(CHP_XML_SAX2_MAGIC == XML_SAX2_MAGIC, "SAX2 magic");

SAME_FIELD(chp_xml_parser_context, xmlParserCtxt, sax, sax);
SAME_FIELD(chp_xml_parser_context, xmlParserCtxt, user_data, userData);

SAME_FIELD(chp_xml_node, xmlDoc, children, children);
SAME_FIELD(chp_xml_node, xmlNode, next, next);

_Static_assert(CHP_HTML_PARSE_RECOVER == HTML_PARSE_RECOVER, "RECOVER");
_Static_assert(CHP_HTML_PARSE_NOERROR == HTML_PARSE_NOERROR, "NOERROR");
_Static_assert(CHP_HTML_PARSE_NOWARNING == HTML_PARSE_NOWARNING, "NOWARNING");
_Static_assert(CHP_HTML_PARSE_NONET == HTML_PARSE_NONET, "NONET");
_Static_assert(CHP_HTML_PARSE_IGNORE_ENC == HTML_PARSE_IGNORE_ENC, "IGNORE_ENC");
