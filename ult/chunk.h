/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/chunk.h - the mappings stacks come from (ult/chunk.c), for
 * ult/stack.c. A slot is a guard region and the stack above it; `slot`
 * is its size in bytes (the mapping size of ult/stack.c). */
#ifndef ULT_CHUNK_H
#define ULT_CHUNK_H

#include <stddef.h>

/* Every chunk (struct ult_chunk, ult/chunk.c), for debuggers. */
extern struct ult_chunk *ult_stack_chunks;

/* A slot of `slot` bytes, the lowest `guard` of them its guard (0: none),
   from the pool of that shape (a chunk of its own if no pool is left),
   its record filled in but for the owner; holds_reservation: the caller's
   reservation goes with it, and back with it. 0, or ENOMEM (a message
   said which limit). */
int ult_chunk_take(size_t slot, size_t guard, int holds_reservation, char **lo);
/* Back to its chunk, with its pages: no system call (maintenance gives
   the memory back). */
void ult_chunk_give(char *lo, size_t slot);
/* Up to n more reservations, mapping chunks if need be: how many (fewer
   at the limit of what can be mapped; 0, with a message saying which
   limit, if none); and n fewer. */
long ult_chunk_reserve(long n);
void ult_chunk_unreserve(long n);
/* Free slots that keep their pages past the decay time (MLTP_STACK_CACHE). */
void ult_chunk_set_dirty_max(long n);
/* Maintenance: is any due (racy, cheap)? A step of it (1 if one was
   made), or all but the mapping ahead (force: a start's end). */
int ult_chunk_due(void);
int ult_chunk_maintain(int force);
/* The reaper's clock, in ms, for the decay time (MLTP_STACK_DECAY). */
void ult_chunk_tick(long now_ms);
/* The default slot size (the first call, and mltp_set_stack_size), with
   the reservations made so far mapped at that size: 0, or ENOMEM. */
int ult_chunk_set_default(size_t slot);
/* MLTP_STACK_GUARD, MLTP_STACK_DECAY, vm.max_map_count: once, before the
   first chunk. */
void ult_chunk_init(void);
extern int ult_chunk_test_unreserved;     /* tests/internals.h */
extern int ult_chunk_test_guard_errno, ult_chunk_test_no_record;
extern long ult_chunk_test_inline_grows;
extern int ult_chunk_test_pages_errno;
long ult_chunk_test_pages_left(void);
/* In a fork()ed child: the chunks are the parent's (leaked). */
void ult_chunk_forget(void);

#endif
