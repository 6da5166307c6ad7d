#include "ParseArena.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every block is preceded by its usable size and its kind, 8 bytes (malloc's take 16 with the
 * rounding); a large block's header also links it into the arena's list. */
enum { kind_small = 0x5a11, kind_large = 0x1a26e };

typedef struct block_header {
  uint32_t size;
  uint32_t kind;
} block_header;

typedef struct large_header {
  struct large_header *previous;
  struct large_header *next;
  size_t size;
  block_header block; /* its size unused: a large block may pass 4 GiB */
} large_header;

typedef struct chunk {
  struct chunk *next;
  size_t capacity; /* bytes after the header */
  size_t used;
  size_t padding; /* a 32-byte header, so the first block is aligned as malloc's are */
} chunk;

/* A freed small block, kept for a later request (reuse_freed). */
typedef struct free_block {
  struct free_block *next;
} free_block;

/* Freed blocks by size: 8, 16, ... 248 bytes, then one list of every size from 256 on. */
enum { size_classes = 33 };
static size_t class_of(size_t size) { return size / 8 < 32 ? size / 8 : 32; }

struct parse_arena {
  chunk *chunks; /* the newest first: small blocks come from it */
  large_header *larges;
  size_t footprint;
  block_header *last; /* the newest small block, which can grow in place */
  free_block *freed[size_classes]; /* freed small blocks by class_of their size */
  uint64_t classes_freed;          /* bit n: freed[n] holds a block */
};

/* 1 MiB chunks: above glibc's first mmap threshold, so a chunk freed early goes back to the
 * system. */
static const size_t chunk_capacity = ((size_t)1 << 20) - sizeof(chunk);

static _Thread_local parse_arena *entered;

static void *checked(void *pointer) {
  if (pointer == NULL) abort();
  return pointer;
}

/* A small block's size: a multiple of 8, at least 8 (room for the free list's link). */
static size_t rounded(size_t size) { return size <= 8 ? 8 : (size + 7) & ~(size_t)7; }

static block_header *header_of(void *block) { return (block_header *)block - 1; }

static large_header *large_of(void *block) {
  return (large_header *)((char *)block - sizeof(large_header));
}

/* One emptied chunk per thread, kept for the thread's next arena: a fresh chunk from calloc is
 * zeroed whole (glibc serves it from the heap once its mmap threshold has risen past it), which
 * a parse of a few bytes would pay in full, where a kept chunk needs only the bytes its last
 * arena used zeroed again. A key, not a _Thread_local, so that a thread's chunk is freed when
 * the thread ends. */
static pthread_key_t spare_key;
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;
static int spare_ready;

static void create_spare_key(void) { spare_ready = pthread_key_create(&spare_key, free) == 0; }

/* A zeroed chunk: the thread's spare, else a new one. */
static chunk *new_chunk(void) {
  pthread_once(&spare_once, create_spare_key);
  chunk *spare = spare_ready ? pthread_getspecific(spare_key) : NULL;
  if (spare != NULL) {
    pthread_setspecific(spare_key, NULL);
    return spare;
  }
  chunk *fresh = checked(calloc(1, sizeof(chunk) + chunk_capacity));
  fresh->capacity = chunk_capacity;
  return fresh;
}

/* Keeps `emptied` as the thread's spare, zeroed again, or frees it when there is one. */
static void release_chunk(chunk *emptied) {
  if (spare_ready && pthread_getspecific(spare_key) == NULL) {
    memset(emptied + 1, 0, emptied->used);
    emptied->used = 0;
    emptied->next = NULL;
    if (pthread_setspecific(spare_key, emptied) == 0) return;
  }
  free(emptied);
}

parse_arena *parse_arena_create(void) { return calloc(1, sizeof(parse_arena)); }

void parse_arena_destroy(parse_arena *arena) {
  if (arena == NULL) return;
  if (entered == arena) entered = NULL;
  for (chunk *current = arena->chunks; current != NULL;) {
    chunk *next = current->next;
    release_chunk(current);
    current = next;
  }
  for (large_header *current = arena->larges; current != NULL;) {
    large_header *next = current->next;
    free(current);
    current = next;
  }
  free(arena);
}

parse_arena *parse_arena_enter(parse_arena *arena) {
  parse_arena *before = entered;
  entered = arena;
  return before;
}

size_t parse_arena_footprint(const parse_arena *arena) { return arena->footprint; }

/* Puts a large block into the arena's list and its footprint. */
static void link_large(parse_arena *arena, large_header *large) {
  large->previous = NULL;
  large->next = arena->larges;
  if (arena->larges != NULL) arena->larges->previous = large;
  arena->larges = large;
  arena->footprint += large->size;
}

/* Takes a large block out of the arena's list and its footprint. */
static void unlink_large(parse_arena *arena, large_header *large) {
  if (large->previous != NULL) large->previous->next = large->next;
  else arena->larges = large->next;
  if (large->next != NULL) large->next->previous = large->previous;
  arena->footprint -= large->size;
}

static void *allocate_large(parse_arena *arena, size_t size, int zeroed) {
  if (size > SIZE_MAX - sizeof(large_header)) abort();
  large_header *large = checked(
      zeroed ? calloc(1, sizeof(large_header) + size) : malloc(sizeof(large_header) + size));
  large->size = size;
  large->block.kind = kind_large;
  link_large(arena, large);
  return large + 1;
}

static void keep_freed(parse_arena *arena, free_block *block, size_t size) {
  block->next = arena->freed[class_of(size)];
  arena->freed[class_of(size)] = block;
  arena->classes_freed |= (uint64_t)1 << class_of(size);
}

/* A freed block of `size` bytes or, failing that, of the smallest larger size there is, split
 * so that what is left over is kept as a freed block of its own; NULL when none fits. Blocks
 * are not merged again: a freed text buffer is cut into the nodes and literals made after it. */
static void *reuse_freed(parse_arena *arena, size_t size) {
  uint64_t larger = arena->classes_freed >> class_of(size);
  if (larger == 0) return NULL;
  size_t index = class_of(size) + (size_t)__builtin_ctzll(larger);
  free_block *block = arena->freed[index];
  size_t found = header_of(block)->size;
  if (found < size) return NULL;
  arena->freed[index] = block->next;
  if (block->next == NULL) arena->classes_freed &= ~((uint64_t)1 << index);
  if (found - size >= sizeof(block_header) + 8) {
    block_header *rest = (block_header *)((char *)block + size);
    rest->size = (uint32_t)(found - size - sizeof(block_header));
    rest->kind = kind_small;
    keep_freed(arena, (free_block *)(rest + 1), rest->size);
    header_of(block)->size = (uint32_t)size;
  }
  memset(block, 0, size);
  return block;
}

/* A small block, zeroed: a freed one (reuse_freed), else the next from the newest chunk (chunks
 * start zeroed). */
static void *allocate_small(parse_arena *arena, size_t size) {
  void *reused = reuse_freed(arena, rounded(size));
  if (reused != NULL) return reused;
  size_t needed = sizeof(block_header) + rounded(size);
  chunk *current = arena->chunks;
  if (current == NULL || current->capacity - current->used < needed) {
    current = new_chunk();
    current->next = arena->chunks;
    arena->chunks = current;
    arena->footprint += sizeof(chunk) + chunk_capacity;
  }
  block_header *header = (block_header *)((char *)(current + 1) + current->used);
  current->used += needed;
  header->size = (uint32_t)rounded(size);
  header->kind = kind_small;
  arena->last = header;
  return header + 1;
}

/* A block of `size` bytes, small or large; zeroed when asked (a small one always is). */
static void *allocate(parse_arena *arena, size_t size, int zeroed) {
  return size > PARSE_ARENA_SMALL_LIMIT ? allocate_large(arena, size, zeroed)
                                        : allocate_small(arena, size);
}

void *parse_arena_calloc(size_t count, size_t size) {
  parse_arena *arena = checked(entered);
  if (size != 0 && count > SIZE_MAX / size) abort();
  return allocate(arena, count * size, 1);
}

/* Whether the small block can grow to `size` where it is: it is the newest chunk's last. */
static int grows_in_place(parse_arena *arena, block_header *header, size_t size) {
  chunk *current = arena->chunks;
  if (header != arena->last || size > PARSE_ARENA_SMALL_LIMIT) return 0;
  size_t extra = rounded(size) - header->size;
  if (current->capacity - current->used < extra) return 0;
  current->used += extra;
  header->size = (uint32_t)rounded(size);
  return 1;
}

void *parse_arena_realloc(void *block, size_t size) {
  parse_arena *arena = checked(entered);
  if (block == NULL) return allocate(arena, size, 0);
  block_header *header = header_of(block);
  if (header->kind == kind_large) {
    large_header *large = large_of(block);
    if (size > SIZE_MAX - sizeof(large_header)) abort();
    unlink_large(arena, large);
    large = checked(realloc(large, sizeof(large_header) + size));
    large->size = size;
    link_large(arena, large);
    return large + 1;
  }
  if (size <= header->size || grows_in_place(arena, header, size)) return block;
  void *moved = allocate(arena, size, 0);
  memcpy(moved, block, header->size);
  parse_arena_free(block);
  return moved;
}

void parse_arena_free(void *block) {
  if (block == NULL) return;
  parse_arena *arena = checked(entered);
  block_header *header = header_of(block);
  if (header->kind != kind_large) {
    /* A freed block never grows in place: a part of it may be handed out after it. */
    if (header == arena->last) arena->last = NULL;
    keep_freed(arena, block, header->size);
    return;
  }
  large_header *large = large_of(block);
  unlink_large(arena, large);
  free(large);
}

void *parse_arena_take(void *block) {
  parse_arena *arena = checked(entered);
  if (header_of(block)->kind != kind_large) {
    /* A small block is copied into a large one, which leaves as the others do. */
    size_t size = header_of(block)->size;
    void *copy = allocate_large(arena, size, 0);
    memcpy(copy, block, size);
    parse_arena_free(block);
    block = copy;
  }
  unlink_large(arena, large_of(block));
  return block;
}

void parse_arena_free_taken(void *block) {
  if (block != NULL) free(large_of(block));
}
