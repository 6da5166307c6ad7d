#ifndef CPARSEARENA_H
#define CPARSEARENA_H
/*
 * Memory for one parse, given back at once.
 *
 * Why: a C parser that builds a tree (libcmark, cmark-gfm) allocates every node, literal and
 * delimiter with malloc, and frees the tree node by node when it goes. An arena answers small
 * requests from large chunks by moving a pointer or from its own free lists, with no lock and
 * no coalescing, and hands its chunks back at once when the tree is gone, with no walk of it
 * (scripts/process-bench.py sets `render FILE` against the cmark CLI).
 *
 * Blocks up to PARSE_ARENA_SMALL_LIMIT bytes come from 1 MiB chunks; a block that grows is
 * extended in place while it is its chunk's last. A freed block is kept for a later request of
 * its size or, split, of a smaller one, so a paragraph's text buffer, freed once its inlines
 * are parsed, holds the next paragraph's nodes, and a parse's peak memory stays below what
 * malloc would hold. Larger blocks come from malloc one by one and are freed when the parser
 * frees them. Each thread keeps one emptied chunk for its next arena, zeroed again over the bytes
 * used, so that a small parse does not pay for zeroing a whole new chunk.
 *
 * The allocation functions have the signatures of calloc, realloc and free, so a parser's
 * allocator record (cmark_mem) can point at them. They allocate in the arena the calling thread
 * entered (parse_arena_enter); each thread enters its own. Like libcmark's default allocator,
 * they abort when memory runs out. Blocks are aligned to 8 bytes, enough for structures of
 * pointers and integers.
 *
 * This header includes no parser header.
 */
#include <stddef.h>

/* The largest block taken from a chunk; larger ones come from malloc. A paragraph's text
 * buffer is smaller, so that its memory is reused once the paragraph is parsed. */
#define PARSE_ARENA_SMALL_LIMIT 4096

typedef struct parse_arena parse_arena;

/* A new, empty arena (no chunk yet); NULL when memory runs out. */
parse_arena *_Nullable parse_arena_create(void);

/* Frees the arena with every block still in it. */
void parse_arena_destroy(parse_arena *_Nullable arena);

/* Makes `arena` the one this thread allocates in (NULL: none), and returns the one entered
 * before, so that a call can enter its own and restore the caller's. */
parse_arena *_Nullable parse_arena_enter(parse_arena *_Nullable arena);

/* calloc, realloc and free in the entered arena. */
void *_Nullable parse_arena_calloc(size_t count, size_t size);
void *_Nullable parse_arena_realloc(void *_Nullable block, size_t size);
void parse_arena_free(void *_Nullable block);

/* Takes `block` (an output) out of the entered arena, so that it outlives it: a large block
 * leaves as it is, a small one is copied out. Free the result with parse_arena_free_taken. */
void *_Nonnull parse_arena_take(void *_Nonnull block);

/* Frees a block that parse_arena_take returned. */
void parse_arena_free_taken(void *_Nullable block);

/* Bytes the arena holds from the C library: its chunks and its large blocks. */
size_t parse_arena_footprint(const parse_arena *_Nonnull arena);

#endif
