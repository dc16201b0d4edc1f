/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* fortified.c - schedprog's scenario "fortified", built with
 * _FORTIFY_SOURCE=2 (Makefile.am: tests/libfortified.a): its reads into
 * buffers of known size call the C library's fortified entry points
 * (__read_chk, __recv_chk, __recvfrom_chk, __poll_chk, __ppoll_chk),
 * which must wait as ULTs as the plain calls do. A reader waits for each
 * in turn; a writer made after it writes 10 ms later each time: on 1 VP
 * a call that held the VP would hang. */
#if !defined(__OPTIMIZE__) || !defined(_FORTIFY_SOURCE) || _FORTIFY_SOURCE < 2
#error "tests/fortified.c must be built with -O2 -D_FORTIFY_SOURCE=2"
#endif
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mltp.h"

#include "prog_util.h"

int fortified_scenario(int nvp);

static int fo_pipe[2], fo_sock[2];
static long fo_got[5];

/* lengths the compiler cannot see: only those take the checked entry
   points (a constant one that fits is checked at compile time) */
static volatile size_t fo_len = 8;
static volatile nfds_t fo_n = 1;

static void *fo_reader(void *p)
{
    char b[8];
    struct pollfd q[1] = { { 0, POLLIN, 0 } };
    (void)p;
    fo_got[0] = read(fo_pipe[0], b, fo_len);
    fo_got[1] = recv(fo_sock[0], b, fo_len, 0);
    fo_got[2] = recvfrom(fo_sock[0], b, fo_len, 0, NULL, NULL);
    q[0].fd = fo_pipe[0];
    fo_got[3] = poll(q, fo_n, 5000) == 1 ? read(fo_pipe[0], b, fo_len) : -1;
    fo_got[4] = ppoll(q, fo_n, NULL, NULL) == 1 ? read(fo_pipe[0], b, fo_len) : -1;
    return NULL;
}

static void *fo_writer(void *p)
{
    static const int to_sock[5] = { 0, 1, 1, 0, 0 };
    (void)p;
    for (int i = 0; i < 5; i++) {
        usleep(10000);
        if (to_sock[i] ? send(fo_sock[1], "abc", 3, 0) != 3 : write(fo_pipe[1], "abc", 3) != 3)
            return (void *)1;
    }
    return NULL;
}

int fortified_scenario(int nvp)
{
    if (pipe(fo_pipe) != 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, fo_sock) != 0)
        return 99;
    mltp_init();
    make(fo_reader, NULL);
    make(fo_writer, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nread=%ld\nrecv=%ld\nrecvfrom=%ld\npoll=%ld\nppoll=%ld\ndone\n", e,
           fo_got[0], fo_got[1], fo_got[2], fo_got[3], fo_got[4]);
    return 0;
}
