/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/tls.h - an initial-exec thread-local pointer, read afresh. Through
 * asm, so that the compiler never reuses a thread-pointer-relative address
 * across a switch: a ULT can resume on another VP. On aarch64 that matters
 * more: GCC reads tpidr_el0 into a register and may keep it across calls,
 * where x86-64 addresses TLS through %fs at each access. The variable's
 * offset from the thread pointer comes from the GOT (a static link turns
 * it into a constant). out_constraint: where x86-64 leaves the value ("=r",
 * or "=a" to keep argument registers free); aarch64 uses any register. */
#ifndef BASE_TLS_H
#define BASE_TLS_H

#if defined(__x86_64__)
#define BASE_TLS_READ(var, out, out_constraint)                         \
    __asm__ volatile("movq " #var "@gottpoff(%%rip), %0\n\t"            \
                     "movq %%fs:(%0), %0" : out_constraint(out))
#elif defined(__aarch64__)
#define BASE_TLS_READ(var, out, out_constraint)                         \
    do {                                                                \
        char *base_tls_tp_;                                             \
        __asm__ volatile("adrp %0, :gottprel:" #var "\n\t"              \
                         "ldr %0, [%0, #:gottprel_lo12:" #var "]\n\t"   \
                         "mrs %1, tpidr_el0\n\t"                        \
                         "ldr %0, [%1, %0]" : "=&r"(out), "=r"(base_tls_tp_)); \
    } while (0)
#endif

#endif
