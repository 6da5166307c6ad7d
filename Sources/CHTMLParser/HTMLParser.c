#include "CHTMLParser.h"
#include <libxml/HTMLparser.h>
