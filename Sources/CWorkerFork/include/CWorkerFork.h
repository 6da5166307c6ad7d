#ifndef CWORKERFORK_H
#define CWORKERFORK_H
/*
 * A worker forked from the host before the host has any thread, so that it starts without
 * exec: the host's code and data are already mapped and relocated, where an exec'd worker (the
 * same large static binary started again) pays for mapping, relocation and page faults before
 * its first request. Swift marks fork unavailable, hence C.
 */
#include <stddef.h>
#include <sys/types.h>

/*
 * Forks this process, which must still be single-threaded (the first thing in main). In the
 * parent: returns the child's process identifier and sets *host_end to the parent's end of a
 * new socket pair (close-on-exec). In the child: returns 0 with its end of the pair on
 * `child_descriptor`, /dev/null as descriptors 0, 1 and 2, every signal's handling default and
 * none blocked (as a spawned worker starts). Returns -1 with errno set when it cannot.
 */
pid_t render_fork_worker(int child_descriptor, int *host_end);

/*
 * Closes every descriptor above 2 except `keep`, in at most two close_range calls (listing
 * /proc/self/fd and closing one by one is a system call per descriptor, at every worker start).
 * Returns 0, or -1 with errno set when the kernel lacks close_range (before Linux 5.9): the
 * caller then closes them itself.
 */
int render_close_descriptors_except(int keep);

/* The most descriptors one message carries: the input file and the output file. */
#define RENDER_MAXIMUM_PASSED_DESCRIPTORS 2

/*
 * Sends up to `count` bytes on the stream socket `socket` without raising SIGPIPE
 * (MSG_NOSIGNAL, non-blocking as the socket is), with the `descriptor_count` descriptors
 * (at most RENDER_MAXIMUM_PASSED_DESCRIPTORS) passed along as SCM_RIGHTS: the peer receives
 * them with the first of these bytes. Returns what sendmsg returns. The CMSG macros are not
 * visible to Swift, hence C.
 */
ssize_t render_send_passing(int socket, const void *bytes, size_t count, const int *descriptors,
                            int descriptor_count);

/*
 * Receives up to `count` bytes from `socket` as recv does, and any descriptors passed with them
 * (close-on-exec): up to `capacity` are stored in `descriptors` and their number in *received;
 * any beyond are closed. Returns what recvmsg returns.
 */
ssize_t render_receive_passed(int socket, void *bytes, size_t count, int *descriptors,
                              int capacity, int *received);

#endif
