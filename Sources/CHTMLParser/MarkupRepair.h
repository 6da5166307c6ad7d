#ifndef CHTMLPARSER_MARKUP_REPAIR_H
#define CHTMLPARSER_MARKUP_REPAIR_H
#include <stddef.h>
#include <stdint.h>

/*
 * Rewrites the two places where libxml2 2.9.14 tokenises differently from HTML and loses text:
 *   - the abrupt empty comments `<!-->` and `<!--->`, which HTML closes at once but libxml2 reads
 *     as an unterminated comment that swallows the rest of the document, become `<!---->`;
 *   - in `textarea` and `title` (HTML's RCDATA: text up to the matching end tag), every other
 *     `<` becomes `&lt;`, so libxml2 neither makes elements of it nor starts a comment that
 *     runs past the end tag.
 * Comments, `script` and `style` bodies are skipped, so nothing inside them changes.
 * Returns 0 when nothing needs a change (`*output` is NULL), 1 when `*output` holds a rewritten
 * copy of `*output_length` bytes that the caller must free(), -1 when out of memory.
 */
int chp_repair_markup(const uint8_t *input, size_t length, uint8_t **output,
                      size_t *output_length);

#endif
