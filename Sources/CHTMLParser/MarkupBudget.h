#ifndef CHTMLPARSER_MARKUP_BUDGET_H
#define CHTMLPARSER_MARKUP_BUDGET_H
#include <stddef.h>
#include <stdint.h>

/*
 * libxml2 2.9.14 is quadratic in two places: it compares each attribute of a start tag with
 * every earlier one, and it searches the whole open-element stack for every end tag that
 * matches no open element. One linear pass over the bytes, before libxml2 sees them, counts
 * both as HTML tokenizes them (quoted attribute values, comments, raw-text elements skipped):
 * the attributes of each start tag, and the end tags whose name has no start tag still open.
 * Returns 0 when both stay within the budgets, else the CHP_STATUS_ of the first one crossed,
 * with the count that crossed it in `*value`.
 */
int chp_check_markup_budgets(const uint8_t *input, size_t length, uint64_t maximum_attributes,
                             uint64_t maximum_unmatched_end_tags, uint64_t *value);

#endif
