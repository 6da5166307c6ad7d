#include <stddef.h>
#include <md4c.h>
#include <md4c-html.h>

/* libmd4c-html exports the lookup into its HTML5 entity table (declared in md4c's entity.h,
   which Debian does not install). The engine decodes entities with it, so that its own HTML
   and documents hold exactly the characters md_html writes. The layout is entity.h's. */
typedef struct CMD4CEntity {
  const char *name;
  unsigned codepoints[2];
} CMD4CEntity;

const CMD4CEntity *entity_lookup(const char *name, size_t name_size);

/* Where a loaded symbol lives: glibc's `dladdr` and the layout of its `Dl_info`, which
   <dlfcn.h> declares only under _GNU_SOURCE (Swift's Glibc module is built without it). The
   engine reads md4c's version from the name of the file the library was loaded from. */
typedef struct CMD4CLoadedFile {
  const char *path;
  void *base;
  const char *symbol;
  void *address;
} CMD4CLoadedFile;

int dladdr(const void *address, CMD4CLoadedFile *info);
