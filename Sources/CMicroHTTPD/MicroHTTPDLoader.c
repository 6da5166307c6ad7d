#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The run-time soname (what the runtime package, libmicrohttpd12, installs; the unversioned
 * .so is in -dev). */
#define MICROHTTPD_SONAME "libmicrohttpd.so.12"

#define MICROHTTPD_FUNCTIONS(X)                                                                    \
  X(MHD_start_daemon)                                                                              \
  X(MHD_get_daemon_info)                                                                           \
  X(MHD_stop_daemon)                                                                               \
  X(MHD_get_connection_values)                                                                     \
  X(MHD_create_response_from_buffer)                                                               \
  X(MHD_create_response_from_callback)                                                             \
  X(MHD_add_response_header)                                                                       \
  X(MHD_queue_response)                                                                            \
  X(MHD_destroy_response)

static struct {
#define MICROHTTPD_FIELD(name) __typeof__(&name) name;
  MICROHTTPD_FUNCTIONS(MICROHTTPD_FIELD)
#undef MICROHTTPD_FIELD
} microhttpd;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char load_failure_text[1024];

static void load(void) {
  void *handle = dlopen(MICROHTTPD_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    snprintf(load_failure_text, sizeof load_failure_text,
             "cannot load " MICROHTTPD_SONAME " (%s); install libmicrohttpd12", dlerror());
    load_failure = load_failure_text;
    return;
  }
#define MICROHTTPD_BIND(name)                                                                      \
  microhttpd.name = (__typeof__(&name))dlsym(handle, #name);                                       \
  if (!microhttpd.name) {                                                                          \
    load_failure = MICROHTTPD_SONAME " lacks " #name "; install libmicrohttpd12 0.9.75 or later"; \
    return;                                                                                        \
  }
  MICROHTTPD_FUNCTIONS(MICROHTTPD_BIND)
#undef MICROHTTPD_BIND
}

const char *render_preview_load(void) {
  pthread_once(&load_once, load);
  return load_failure;
}

static size_t keep_escapes(void *context, struct MHD_Connection *connection, char *text) {
  (void)context;
  (void)connection;
  return strlen(text);
}

struct MHD_Daemon *render_preview_start(uint16_t port, MHD_AccessHandlerCallback handler,
                                        void *context) {
  struct sockaddr_in address;
  memset(&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return microhttpd.MHD_start_daemon(
      MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, port, NULL, NULL, handler,
      context, MHD_OPTION_SOCK_ADDR, &address, MHD_OPTION_UNESCAPE_CALLBACK, keep_escapes, NULL,
      MHD_OPTION_END);
}

uint16_t render_preview_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info =
      microhttpd.MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

void render_preview_stop_daemon(struct MHD_Daemon *daemon) { microhttpd.MHD_stop_daemon(daemon); }

int render_preview_get_connection_values(struct MHD_Connection *connection,
                                         enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,
                                         void *context) {
  return microhttpd.MHD_get_connection_values(connection, kind, iterator, context);
}

struct MHD_Response *render_preview_create_response_from_buffer(size_t size, void *buffer,
                                                                enum MHD_ResponseMemoryMode mode) {
  return microhttpd.MHD_create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *render_preview_create_response_from_callback(
    uint64_t size, size_t block_size, MHD_ContentReaderCallback reader, void *context,
    MHD_ContentReaderFreeCallback release) {
  return microhttpd.MHD_create_response_from_callback(size, block_size, reader, context, release);
}

enum MHD_Result render_preview_add_response_header(struct MHD_Response *response,
                                                   const char *name, const char *value) {
  return microhttpd.MHD_add_response_header(response, name, value);
}

enum MHD_Result render_preview_queue_response(struct MHD_Connection *connection,
                                              unsigned int status, struct MHD_Response *response) {
  return microhttpd.MHD_queue_response(connection, status, response);
}

void render_preview_destroy_response(struct MHD_Response *response) {
  microhttpd.MHD_destroy_response(response);
}
