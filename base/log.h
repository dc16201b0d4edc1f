/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/log.h - the library's one-line messages, and settings from the
 * environment. */
#ifndef BASE_LOG_H
#define BASE_LOG_H

#include <stddef.h>

/* "mltp: ..." on stderr, in one write. */
void base_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "SIGSEGV (Segmentation fault)" */
const char *base_signame(int sig, char *buf, size_t n);

/* A whole number from min to max in the environment variable name, or dflt
   (also, with a message, when the value is not one). secure_getenv: a
   set-user-ID program does not take settings from its caller. */
long base_env_long(const char *name, long dflt, long min, long max);
/* "65536", "64k", "1M": bytes, or 0 if s is not such a size. */
size_t base_parse_size(const char *s);

#endif
