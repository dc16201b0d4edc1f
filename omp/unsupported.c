/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/unsupported.c - what GCC may call that this runtime does not run:
 * each stops the program with one line naming the construct (exit
 * status 1), never silently. The host is the only device and there is one
 * team, so teams are out (target regions run on the host: omp/target.c);
 * so are doacross loops, task reductions on work-sharing constructs and
 * the split parallel calls of GCC before 4.9. */
#include "omp/rt.h"

#define UNSUPPORTED(name, what)                    \
    void name(void);                               \
    OMPRT_API void name(void)                      \
    {                                              \
        omprt_unsupported(what);                   \
    }

#define DOACROSS "ordered depend(sink/source) (doacross loops)"
UNSUPPORTED(GOMP_loop_doacross_start, DOACROSS)
UNSUPPORTED(GOMP_loop_doacross_static_start, DOACROSS)
UNSUPPORTED(GOMP_loop_doacross_dynamic_start, DOACROSS)
UNSUPPORTED(GOMP_loop_doacross_guided_start, DOACROSS)
UNSUPPORTED(GOMP_loop_doacross_runtime_start, DOACROSS)
UNSUPPORTED(GOMP_loop_ull_doacross_start, DOACROSS)
UNSUPPORTED(GOMP_loop_ull_doacross_static_start, DOACROSS)
UNSUPPORTED(GOMP_loop_ull_doacross_dynamic_start, DOACROSS)
UNSUPPORTED(GOMP_loop_ull_doacross_guided_start, DOACROSS)
UNSUPPORTED(GOMP_loop_ull_doacross_runtime_start, DOACROSS)
UNSUPPORTED(GOMP_doacross_post, DOACROSS)
UNSUPPORTED(GOMP_doacross_wait, DOACROSS)
UNSUPPORTED(GOMP_doacross_ull_post, DOACROSS)
UNSUPPORTED(GOMP_doacross_ull_wait, DOACROSS)

UNSUPPORTED(GOMP_teams, "teams")
UNSUPPORTED(GOMP_teams4, "teams")
UNSUPPORTED(GOMP_teams_reg, "teams")

#define TASK_REDUCTION "a task reduction on a work-sharing construct (for/sections reduction(task, ...))"
UNSUPPORTED(GOMP_workshare_task_reduction_unregister, TASK_REDUCTION)

#define OLD_SPLIT "GCC's split parallel calls (code from GCC before 4.9)"
UNSUPPORTED(GOMP_parallel_loop_static_start, OLD_SPLIT)
UNSUPPORTED(GOMP_parallel_loop_dynamic_start, OLD_SPLIT)
UNSUPPORTED(GOMP_parallel_loop_guided_start, OLD_SPLIT)
UNSUPPORTED(GOMP_parallel_loop_runtime_start, OLD_SPLIT)
UNSUPPORTED(GOMP_parallel_sections_start, OLD_SPLIT)

