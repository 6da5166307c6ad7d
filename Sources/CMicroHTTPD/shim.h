#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these two
// fix the arguments the preview server uses.

// Leaves the request path as it came (percent escapes and all), so that the Swift side
// decodes it once and checks the decoded segments itself.
static inline size_t render_preview_keep_escapes(void *context, struct MHD_Connection *connection,
                                          char *text) {
  (void)context;
  (void)connection;
  return strlen(text);
}

// A daemon on 127.0.0.1 only (`port` 0: any free port), one thread per connection, so that
// an event stream's reader may wait for the next rendering.
static inline struct MHD_Daemon *render_preview_start(uint16_t port,
                                                      MHD_AccessHandlerCallback handler,
                                                      void *context) {
  struct sockaddr_in address;
  memset(&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, port,
                          NULL, NULL, handler, context, MHD_OPTION_SOCK_ADDR, &address,
                          MHD_OPTION_UNESCAPE_CALLBACK, render_preview_keep_escapes, NULL,
                          MHD_OPTION_END);
}

// The port the daemon listens on (the one the system chose when 0 was asked for).
static inline uint16_t render_preview_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
