#include <mkdio.h>

/* Swift cannot import `extern char markdown_version[]` (an array of unknown size). */
static inline const char *cdiscount_version(void) { return markdown_version; }
