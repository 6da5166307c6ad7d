#include "LibXML2Loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "CHTMLParser.h"

/* The run-time soname (what the runtime package, libxml2, installs; the unversioned .so is
 * in -dev). */
#define CHP_LIBXML2_SONAME "libxml2.so.2"

struct chp_libxml2_functions chp_libxml2;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void *library_handle;
static const char *load_failure;
static char load_failure_text[1024];

static void load(void) {
  void *handle = dlopen(CHP_LIBXML2_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    snprintf(load_failure_text, sizeof load_failure_text,
             "cannot load " CHP_LIBXML2_SONAME " (%s); install the libxml2 package", dlerror());
    load_failure = load_failure_text;
    return;
  }
  library_handle = handle;
#define CHP_LIBXML2_BIND(name, result, parameters)                                                 \
  chp_libxml2.name = (result(*) parameters)dlsym(handle, #name);                                   \
  if (!chp_libxml2.name) {                                                                         \
    load_failure = CHP_LIBXML2_SONAME " lacks " #name "; install libxml2 2.9.14 or later";         \
    return;                                                                                        \
  }
  CHP_LIBXML2_FUNCTIONS(CHP_LIBXML2_BIND)
#undef CHP_LIBXML2_BIND
  chp_libxml2.xmlInitParser();
}

int chp_load_libxml2(void) {
  pthread_once(&load_once, load);
  return load_failure == NULL ? 0 : -1;
}

const char *chp_library_failure(void) {
  pthread_once(&load_once, load);
  return load_failure;
}

static pthread_once_t version_once = PTHREAD_ONCE_INIT;
static char version_text[32];

/* libxml2 writes its version as one number, "20914" for 2.9.14, in the variable
 * xmlParserVersion (looked up by name: the headers turn it into a per-thread accessor). */
static void read_version(void) {
  if (chp_load_libxml2() != 0) return;
  const char *const *version = dlsym(library_handle, "xmlParserVersion");
  if (!version || !*version) return;
  long number = strtol(*version, NULL, 10);
  snprintf(version_text, sizeof version_text, "%ld.%ld.%ld", number / 10000, number / 100 % 100,
           number % 100);
}

const char *chp_library_version(void) {
  pthread_once(&version_once, read_version);
  return version_text[0] ? version_text : NULL;
}
