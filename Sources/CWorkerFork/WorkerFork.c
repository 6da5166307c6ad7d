#define _GNU_SOURCE /* close_range */
#include "CWorkerFork.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* `descriptor` moved to 3 or above (close-on-exec), so that a socket never takes the place of a
 * standard stream the host was started without: output to a closed stdout must not reach it. */
static int above_standard_streams(int descriptor) {
  if (descriptor > 2) return descriptor;
  int moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3);
  close(descriptor);
  return moved;
}

/* The child's setup: its socket on `child_descriptor`, /dev/null as 0, 1 and 2, default
 * signal handling. Anything failing leaves a child that cannot serve: it exits, and the host,
 * seeing the socket close, spawns a worker instead. */
static void become_worker(int socket, int child_descriptor) {
  if (socket != child_descriptor) {
    if (dup2(socket, child_descriptor) < 0) _exit(70);
    close(socket);
  } else {
    fcntl(socket, F_SETFD, 0);
  }
  int null = open("/dev/null", O_RDWR);
  if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0) _exit(70);
  if (null > 2 && null != child_descriptor) close(null);
  /* The Swift runtime's crash handlers would symbolicate an expected crash (seconds each). */
  for (int signal_number = 1; signal_number < NSIG; signal_number++) {
    if (signal_number != SIGKILL && signal_number != SIGSTOP) signal(signal_number, SIG_DFL);
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
}

pid_t render_fork_worker(int child_descriptor, int *host_end) {
  int sockets[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) return -1;
  sockets[0] = above_standard_streams(sockets[0]);
  sockets[1] = above_standard_streams(sockets[1]);
  if (sockets[0] < 0 || sockets[1] < 0) {
    if (sockets[0] >= 0) close(sockets[0]);
    if (sockets[1] >= 0) close(sockets[1]);
    return -1;
  }
  pid_t child = fork();
  if (child < 0) {
    close(sockets[0]);
    close(sockets[1]);
    return -1;
  }
  if (child == 0) {
    close(sockets[0]);
    become_worker(sockets[1], child_descriptor);
    return 0;
  }
  close(sockets[1]);
  *host_end = sockets[0];
  return child;
}

int render_close_descriptors_except(int keep) {
  if (keep < 3) return close_range(3, ~0U, 0);
  if (keep > 3 && close_range(3, (unsigned)keep - 1, 0) != 0) return -1;
  return close_range((unsigned)keep + 1, ~0U, 0);
}

ssize_t render_send_passing(int socket, const void *bytes, size_t count, const int *descriptors,
                            int descriptor_count) {
  struct iovec vector = {.iov_base = (void *)bytes, .iov_len = count};
  struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1};
  union {
    struct cmsghdr header;
    char space[CMSG_SPACE(sizeof(int) * RENDER_MAXIMUM_PASSED_DESCRIPTORS)];
  } control;
  if (descriptor_count > RENDER_MAXIMUM_PASSED_DESCRIPTORS) {
    errno = EINVAL;
    return -1;
  }
  if (descriptor_count > 0) {
    memset(&control, 0, sizeof control);
    message.msg_control = control.space;
    message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)descriptor_count);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)descriptor_count);
    memcpy(CMSG_DATA(header), descriptors, sizeof(int) * (size_t)descriptor_count);
  }
  return sendmsg(socket, &message, MSG_NOSIGNAL);
}

ssize_t render_receive_passed(int socket, void *bytes, size_t count, int *descriptors,
                              int capacity, int *received) {
  struct iovec vector = {.iov_base = bytes, .iov_len = count};
  union {
    struct cmsghdr header;
    char space[CMSG_SPACE(sizeof(int) * 8)];
  } control;
  struct msghdr message = {
      .msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.space,
      .msg_controllen = sizeof control.space};
  *received = 0;
  ssize_t got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
  if (got < 0) return got;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL;
       header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    size_t passed = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    int *data = (int *)CMSG_DATA(header);
    for (size_t index = 0; index < passed; index++) {
      int descriptor;
      memcpy(&descriptor, data + index, sizeof descriptor);
      if (*received < capacity) {
        descriptors[(*received)++] = descriptor;
      } else {
        close(descriptor);
      }
    }
  }
  return got;
}
