/* Geometric growth for libmarkdown's realloc calls; see DiscountGrowth.h for why. */
#define _GNU_SOURCE
#include "DiscountGrowth.h"

#include <elf.h>
#include <link.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The relocation fields for the native word size (ElfW's ELF64_R_TYPE or ELF32_R_TYPE). */
#if __ELF_NATIVE_CLASS == 64
#define GROWTH_RELOCATION_TYPE ELF64_R_TYPE
#define GROWTH_RELOCATION_SYMBOL ELF64_R_SYM
#else
#define GROWTH_RELOCATION_TYPE ELF32_R_TYPE
#define GROWTH_RELOCATION_SYMBOL ELF32_R_SYM
#endif

#if defined(__x86_64__)
#define GROWTH_JUMP_SLOT R_X86_64_JUMP_SLOT
#define GROWTH_GLOBAL_DATA R_X86_64_GLOB_DAT
#elif defined(__aarch64__)
#define GROWTH_JUMP_SLOT R_AARCH64_JUMP_SLOT
#define GROWTH_GLOBAL_DATA R_AARCH64_GLOB_DAT
#endif

/* Blocks below a page grow as libmarkdown asks: glibc mostly grows them in place, and rounding
 * small strings up would only waste memory. */
enum { growth_floor = 4096 };

static _Atomic uint64_t reallocations;

/* realloc with the same contract, for libmarkdown: a block of a page or more that must move
 * grows by half of its usable size at least, so a buffer grown append by append moves
 * O(log n) times instead of once per append. */
static void *growing_realloc(void *block, size_t size) {
  if (block == NULL || size < growth_floor) return realloc(block, size);
  size_t usable = malloc_usable_size(block);
  /* A block asked to shrink by half or more gives its memory back, as realloc would. */
  if (size <= usable && size >= usable / 2) return block;
  if (size <= usable) return realloc(block, size);
  atomic_fetch_add_explicit(&reallocations, 1, memory_order_relaxed);
  size_t grown = usable + usable / 2;
  if (grown < size) grown = size;
  void *moved = realloc(block, grown);
  /* Near a memory cap, the margin is what fails: ask for what was asked. */
  if (moved == NULL && grown > size) moved = realloc(block, size);
  return moved;
}

#if defined(GROWTH_JUMP_SLOT)

/* glibc relocates the dynamic section's addresses in place on these platforms; a value below
 * the object's base is still an offset. */
static const void *address(const struct dl_phdr_info *info, ElfW(Addr) value) {
  return (const void *)(value < info->dlpi_addr ? info->dlpi_addr + value : value);
}

/* The pages the loader made read-only after relocation (PT_GNU_RELRO, whole pages only: a
 * slot in its last, partly RELRO page stays writable). */
typedef struct {
  uintptr_t start;
  uintptr_t end;
} read_only_pages;

/* Writes `function` into `slot`, lifting RELRO's protection for the moment it takes. */
static int write_slot(void **slot, void *function, read_only_pages read_only) {
  uintptr_t page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
  void *page = (void *)((uintptr_t)slot & ~(page_size - 1));
  int protected = (uintptr_t)slot >= read_only.start && (uintptr_t)slot < read_only.end;
  if (protected && mprotect(page, page_size, PROT_READ | PROT_WRITE) != 0) return 0;
  __atomic_store_n(slot, function, __ATOMIC_RELEASE);
  if (protected && mprotect(page, page_size, PROT_READ) != 0) return 0;
  return 1;
}

/* Points every realloc slot among `count` relocations of libmarkdown at growing_realloc. */
static int redirect(const struct dl_phdr_info *info, const ElfW(Rela) *relocations, size_t count,
                    const ElfW(Sym) *symbols, const char *names, read_only_pages read_only) {
  int redirected = 0;
  for (size_t index = 0; index < count; index++) {
    const ElfW(Rela) *relocation = &relocations[index];
    unsigned long type = GROWTH_RELOCATION_TYPE(relocation->r_info);
    if (type != GROWTH_JUMP_SLOT && type != GROWTH_GLOBAL_DATA) continue;
    const ElfW(Sym) *symbol = &symbols[GROWTH_RELOCATION_SYMBOL(relocation->r_info)];
    if (strcmp(names + symbol->st_name, "realloc") != 0) continue;
    void **slot = (void **)(info->dlpi_addr + relocation->r_offset);
    redirected |= write_slot(slot, (void *)growing_realloc, read_only);
  }
  return redirected;
}

/* dl_iterate_phdr's callback: finds libmarkdown, reads its dynamic section, redirects. */
static int install_in_object(struct dl_phdr_info *info, size_t info_size, void *installed) {
  (void)info_size;
  const char *name = info->dlpi_name == NULL ? NULL : strrchr(info->dlpi_name, '/');
  name = name == NULL ? info->dlpi_name : name + 1;
  if (name == NULL || strncmp(name, "libmarkdown.so", strlen("libmarkdown.so")) != 0) return 0;
  const ElfW(Dyn) *dynamic = NULL;
  read_only_pages read_only = {0, 0};
  uintptr_t page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    if (header->p_type == PT_DYNAMIC) {
      dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + header->p_vaddr);
    } else if (header->p_type == PT_GNU_RELRO) {
      read_only.start = (info->dlpi_addr + header->p_vaddr) & ~(page_size - 1);
      read_only.end = (info->dlpi_addr + header->p_vaddr + header->p_memsz) & ~(page_size - 1);
    }
  }
  if (dynamic == NULL) return 1;
  const ElfW(Sym) *symbols = NULL;
  const char *names = NULL;
  const ElfW(Rela) *jump_slots = NULL, *data = NULL;
  size_t jump_slots_size = 0, data_size = 0;
  ElfW(Xword) jump_slot_kind = DT_RELA;
  for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
    switch (entry->d_tag) {
    case DT_SYMTAB: symbols = address(info, entry->d_un.d_ptr); break;
    case DT_STRTAB: names = address(info, entry->d_un.d_ptr); break;
    case DT_JMPREL: jump_slots = address(info, entry->d_un.d_ptr); break;
    case DT_PLTRELSZ: jump_slots_size = entry->d_un.d_val; break;
    case DT_PLTREL: jump_slot_kind = entry->d_un.d_val; break;
    case DT_RELA: data = address(info, entry->d_un.d_ptr); break;
    case DT_RELASZ: data_size = entry->d_un.d_val; break;
    default: break;
    }
  }
  if (symbols == NULL || names == NULL) return 1;
  int redirected = 0;
  if (jump_slots != NULL && jump_slot_kind == DT_RELA) {
    redirected |= redirect(info, jump_slots, jump_slots_size / sizeof(ElfW(Rela)), symbols,
                           names, read_only);
  }
  if (data != NULL) {
    redirected |=
        redirect(info, data, data_size / sizeof(ElfW(Rela)), symbols, names, read_only);
  }
  *(int *)installed = redirected;
  return 1;
}

#endif

static int installed;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static void install(void) {
#if defined(GROWTH_JUMP_SLOT)
  dl_iterate_phdr(install_in_object, &installed);
#endif
}

int discount_growth_install(void) {
  pthread_once(&install_once, install);
  return installed;
}

uint64_t discount_growth_reallocations(void) {
  return atomic_load_explicit(&reallocations, memory_order_relaxed);
}
