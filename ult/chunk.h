/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/chunk.h - the mappings stacks come from (ult/chunk.c), for
 * ult/stack.c. A slot is a guard region and the stack above it; `slot`
 * is its size in bytes (the mapping size of ult/stack.c). */
#ifndef ULT_CHUNK_H
#define ULT_CHUNK_H

#include <stddef.h>

/* Every chunk (struct ult_chunk, ult/chunk.c), for debuggers. */
extern struct ult_chunk *ult_stack_chunks;

/* A slot of `slot` bytes (the default size: from a chunk of many, with a
   reservation of the caller's; another size: a mapping of its own), its
   record filled in but for the owner: 0, or ENOMEM (a message said which
   limit). */
int ult_chunk_take(size_t slot, char **lo);
/* Back to its chunk: its reservation ends, its memory goes back to the
   system (in batches), an empty chunk is unmapped. */
void ult_chunk_give(char *lo, size_t slot);
/* Up to n more reservations, mapping chunks if need be: how many (fewer
   at the limit of what can be mapped; 0, with a message saying which
   limit, if none); and n fewer. */
long ult_chunk_reserve(long n);
void ult_chunk_unreserve(long n);
/* Free slots that keep their pages, at most (MLTP_STACK_CACHE). */
void ult_chunk_set_dirty_max(long n);
/* The default slot size (the first call, and mltp_set_stack_size), with
   the reservations made so far mapped at that size: 0, or ENOMEM. */
int ult_chunk_set_default(size_t slot);
/* MLTP_STACK_GUARD, vm.max_map_count: once, before the first chunk. */
void ult_chunk_init(void);
extern int ult_chunk_test_unreserved;     /* tests/internals.h */
extern int ult_chunk_test_guard_errno, ult_chunk_test_no_record;
long ult_chunk_test_pages_left(void);
/* In a fork()ed child: the chunks are the parent's (leaked). */
void ult_chunk_forget(void);

#endif
