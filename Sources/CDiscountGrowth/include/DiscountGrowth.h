#ifndef CDISCOUNTGROWTH_H
#define CDISCOUNTGROWTH_H
/*
 * Geometric growth for the buffers libmarkdown grows with realloc.
 *
 * Why: Discount (2.2.7 and before) grows every string by the bytes it appends (its output by
 * each block written, `alloc += size`), so a long document calls realloc once per block and each
 * call past the block's end moves it: copied in glibc's heap, or a whole mapping moved by mremap
 * when the block is mapped (a mapping placed top-down has its neighbour right above it). That is
 * quadratic in the output.
 *
 * The fix is scoped to libmarkdown alone: its import of realloc (the one slot in its global offset
 * table, found through its dynamic section) is pointed at a realloc that, for a block of a page or
 * more, grows by at least half of the block's usable size and answers in place while the block
 * still has room. Memory comes from, and goes back to, the same allocator (free, malloc_usable_size
 * and realloc of the C library), so nothing else in the process sees a change.
 *
 * This header includes no Discount header.
 */
#include <stdint.h>

/* Points libmarkdown's realloc import at the growing realloc, once (thread-safe). Returns 1 when
 * libmarkdown's realloc goes through it, 0 when it could not be found (libmarkdown linked
 * statically, or a platform whose relocations this file does not know); Discount then grows its
 * buffers as it always did. */
int discount_growth_install(void);

/* How many of libmarkdown's realloc calls on blocks of a page or more reached the C library
 * (the others were answered in place), since the process started. */
uint64_t discount_growth_reallocations(void);

#endif
