/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sync/atomic.c - the original MLTP atomics, on 32-bit words (the original
 * target was 32-bit): bit operations and compare-and-swap. */
#include <stdint.h>
#include <urcu/uatomic.h>
#include "mltp.h"

static inline volatile uint32_t *bit_word(int bit, volatile void *addr)
{
    return (volatile uint32_t *)addr + (bit >> 5);
}

/* word = op(word, mask), atomically; returns the old bit */
#define BIT_OP(name, expr)                                              \
    int name(int bit, volatile void *addr)                              \
    {                                                                   \
        volatile uint32_t *w = bit_word(bit, addr);                     \
        uint32_t mask = 1u << (bit & 31), old, new_value;               \
        do {                                                            \
            old = CMM_LOAD_SHARED(*w);                                  \
            new_value = (expr);                                         \
        } while (uatomic_cmpxchg((uint32_t *)w, old, new_value) != old); \
        return (old & mask) != 0;                                       \
    }

BIT_OP(mltp_test_and_set_bit, old | mask)
BIT_OP(mltp_test_and_clear_bit, old & ~mask)
BIT_OP(mltp_test_and_change_bit, old ^ mask)

int mltp_compare_and_swap(long old, long new_value, volatile void *addr)
{
    uint32_t *w = (uint32_t *)addr;
    return uatomic_cmpxchg(w, (uint32_t)old, (uint32_t)new_value) == (uint32_t)old;
}
