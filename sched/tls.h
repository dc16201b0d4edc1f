/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/tls.h - ULTs with a TLS block of their own (sched/tls.c): what
 * the switch paths do around a switch of such a ULT. */
#ifndef SCHED_TLS_H
#define SCHED_TLS_H

#include "sched/sched.h"

/* In a ULT's prio_bit with a block of its own, as SCHED_TRACE_BIT: never
   a run queue's bitmap, so mltp_yield's one test sends it to its slow
   path, which selects its task's block around the switch. */
#define SCHED_TLS_BIT (1UL << 59)

extern int sched_tls_all;       /* MLTP_TLS=ult */
void sched_tls_init(void);      /* mltp_init */
/* Blocks can be made: 0, or ENOTSUP with *why saying why not. */
int sched_tls_usable(const char **why);

/* Before the switch away from a ULT with a block (running) to next on
   sv (NULL: the loop): next's block selected, holding sv's pointers, if
   it has one, else the task's own; or the task's own (leave). After
   it, once that ULT runs again, on whatever VP: its block selected if
   it is not yet. */
void sched_tls_hand_over(sched_vp_t *sv, const ult_t *next);
void sched_tls_leave(void);
void sched_tls_enter(ult_t *u);
/* Its first run: a block from the pool, selected; its end, in the ULT:
   destructors, the task's block selected, the block back to the pool. */
void sched_tls_first_run(ult_t *u);
void sched_tls_end(ult_t *u);

/* Main's share on the main thread's own block (mltp_set_main_tls): is
   it wanted; u made such a ULT, on the main thread; the reaper's block
   selected at its start, with main's view of MLTP's TLS, and main's
   given back, as main left it, before the reaper switches into main (then
   the reaper's goes back to the pool). */
int sched_tls_main_wanted(void);
void sched_tls_main_share(ult_t *u);
void sched_tls_reaper_enter(char *reaper);
void sched_tls_reaper_leave(char *reaper, char *main_tp);

#endif
