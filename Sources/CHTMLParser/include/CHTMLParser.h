#ifndef CHTMLPARSER_H
#define CHTMLPARSER_H
/* The libxml2 HTML parser behind plain C types: this header includes no libxml2 header. */
#endif
