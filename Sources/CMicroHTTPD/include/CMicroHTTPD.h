#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H
/*
 * libmicrohttpd, loaded at run time on the first server start (dlopen), never linked.
 *
 * Why: linked, libmicrohttpd brings gnutls and seven more libraries (p11-kit, nettle, gmp...)
 * into every `render` process, and relocating them costs about 3 ms of CPU at each start, while
 * only `render preview` runs a server. Its header gives the types and signatures; every call goes
 * through a pointer looked up in the loaded library.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/* NULL once libmicrohttpd is loaded (on the first call, once per process); otherwise why it
 * could not be, in plain words. Every other function here needs it to have returned NULL. */
const char *render_preview_load(void);

/* A daemon on 127.0.0.1 only (`port` 0: any free port), one thread per connection, so that an
 * event stream's reader may wait for the next rendering. Request paths reach `handler` as
 * they came, percent escapes and all, so that the Swift side decodes them once itself.
 * (MHD_start_daemon is variadic, which Swift cannot call.) */
struct MHD_Daemon *render_preview_start(uint16_t port, MHD_AccessHandlerCallback handler,
                                        void *context);

/* The port the daemon listens on (the one the system chose when 0 was asked for). */
uint16_t render_preview_port(struct MHD_Daemon *daemon);

/* libmicrohttpd's functions of the same names without the render_preview_ prefix. */
void render_preview_stop_daemon(struct MHD_Daemon *daemon);
int render_preview_get_connection_values(struct MHD_Connection *connection,
                                         enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,
                                         void *context);
struct MHD_Response *render_preview_create_response_from_buffer(size_t size, void *buffer,
                                                                enum MHD_ResponseMemoryMode mode);
struct MHD_Response *render_preview_create_response_from_callback(
    uint64_t size, size_t block_size, MHD_ContentReaderCallback reader, void *context,
    MHD_ContentReaderFreeCallback release);
enum MHD_Result render_preview_add_response_header(struct MHD_Response *response,
                                                   const char *name, const char *value);
enum MHD_Result render_preview_queue_response(struct MHD_Connection *connection,
                                              unsigned int status, struct MHD_Response *response);
void render_preview_destroy_response(struct MHD_Response *response);

#endif
