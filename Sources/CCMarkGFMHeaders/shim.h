/* cmark-gfm's headers, for their types only: nothing links libcmark-gfm (see CCMarkGFMLoader). */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
