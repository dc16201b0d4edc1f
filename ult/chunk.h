/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/chunk.h - the mappings stacks come from (ult/chunk.c), for
 * ult/stack.c. A slot is a guard and the stack above it; `slot` is its
 * size in bytes (the mapping size of ult/stack.c). */
#ifndef ULT_CHUNK_H
#define ULT_CHUNK_H

#include <stddef.h>

/* Every chunk (struct ult_chunk, ult/chunk.c), for debuggers. */
extern struct ult_chunk *ult_stack_chunks;

/* A slot of `slot` bytes, the lowest `guard` of them its guard (0: none):
   the pool's for the default shape, else a single of that shape; its
   record filled in but for the owner. holds_reservation: it takes one of
   the caller's promises. 0, or ENOMEM (a message said which limit). */
int ult_chunk_take(size_t slot, size_t guard, int holds_reservation, char **lo);
/* Back to its chunk, with its pages: no system call. */
void ult_chunk_give(char *lo, size_t slot);
/* Up to n more promises, mapping chunks if need be: how many (fewer at
   the limit; 0, with a message saying which limit, if none); n fewer. */
long ult_chunk_reserve(long n);
void ult_chunk_unreserve(long n);
/* The default slot size (the first call, and mltp_set_stack_size), with
   the promises made so far mapped at that size: 0, or ENOMEM. */
int ult_chunk_set_default(size_t slot);
/* MLTP_STACK_GUARD, MLTP_STACK_DECAY, vm.max_map_count: once, first;
   MLTP_STACK_CACHE returned. */
long ult_chunk_init(void);
/* In a fork()ed child: the chunks are the parent's (leaked). */
void ult_chunk_forget(void);

/* tests/internals.h */
extern int ult_chunk_test_unreserved, ult_chunk_test_guard_errno, ult_chunk_test_no_record;
extern int ult_chunk_test_pages_errno;
extern long ult_chunk_test_inline_grows, ult_chunk_test_maps, ult_chunk_test_max_growing;
extern long ult_chunk_test_map_delay_us;
/* PROT_NONE guards: slots that may still get one, and slots that have
   one in the chunks mapped */
extern long ult_chunk_pages_left, ult_chunk_pages_held;

#endif
