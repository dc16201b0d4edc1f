/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tlsmod.c - a library that tests/test_tls dlopen()s: its __thread
   variable is reached through __tls_get_addr (global-dynamic). */
__thread int tlsmod_x __attribute__((tls_model("global-dynamic"))) = 5;

int *tlsmod_addr(void);
int *tlsmod_addr(void)
{
    return &tlsmod_x;
}
