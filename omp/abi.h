/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/abi.h - the GOMP_* entry points GCC's -fopenmp code calls, as this
 * runtime defines them (libgomp's libgomp_g.h has no installed header).
 * omp.h declares the omp_* ones. */
#ifndef OMP_ABI_H
#define OMP_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef unsigned long long ull_t;

void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads, unsigned flags);
void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads);
void GOMP_parallel_end(void);
void GOMP_barrier(void);
bool GOMP_barrier_cancel(void);
void GOMP_ordered_start(void);
void GOMP_ordered_end(void);
/* Each schedule's _start and _next, in the long and the unsigned long
   long forms; a runtime schedule's _start takes no chunk. */
#define GOMP_LOOP_NEXT_DECLS(NAME)                                                        \
    bool GOMP_loop_##NAME##_next(long *istart, long *iend);                               \
    bool GOMP_loop_ull_##NAME##_next(ull_t *istart, ull_t *iend);
#define GOMP_LOOP_DECLS(NAME)                                                             \
    bool GOMP_loop_##NAME##_start(long start, long end, long incr, long chunk,            \
                                  long *istart, long *iend);                              \
    bool GOMP_loop_ull_##NAME##_start(bool up, ull_t start, ull_t end, ull_t incr,        \
                                      ull_t chunk, ull_t *istart, ull_t *iend);           \
    GOMP_LOOP_NEXT_DECLS(NAME)
#define GOMP_LOOP_RUNTIME_DECLS(NAME)                                                     \
    bool GOMP_loop_##NAME##_start(long start, long end, long incr, long *istart,          \
                                  long *iend);                                            \
    bool GOMP_loop_ull_##NAME##_start(bool up, ull_t start, ull_t end, ull_t incr,        \
                                      ull_t *istart, ull_t *iend);                        \
    GOMP_LOOP_NEXT_DECLS(NAME)

GOMP_LOOP_DECLS(static)
GOMP_LOOP_DECLS(dynamic)
GOMP_LOOP_DECLS(guided)
GOMP_LOOP_DECLS(nonmonotonic_dynamic)
GOMP_LOOP_DECLS(nonmonotonic_guided)
GOMP_LOOP_DECLS(ordered_static)
GOMP_LOOP_DECLS(ordered_dynamic)
GOMP_LOOP_DECLS(ordered_guided)
GOMP_LOOP_RUNTIME_DECLS(runtime)
GOMP_LOOP_RUNTIME_DECLS(nonmonotonic_runtime)
GOMP_LOOP_RUNTIME_DECLS(maybe_nonmonotonic_runtime)
GOMP_LOOP_RUNTIME_DECLS(ordered_runtime)
#undef GOMP_LOOP_RUNTIME_DECLS
#undef GOMP_LOOP_DECLS
#undef GOMP_LOOP_NEXT_DECLS
bool GOMP_loop_start(long start, long end, long incr, long sched, long chunk, long *istart,
    long *iend, uintptr_t *reductions, void **mem);
bool GOMP_loop_ordered_start(long start, long end, long incr, long sched, long chunk, long
    *istart, long *iend, uintptr_t *reductions, void **mem);
bool GOMP_loop_ull_start(bool up, ull_t start, ull_t end, ull_t incr, long sched, ull_t chunk, ull_t
    *istart, ull_t *iend, uintptr_t *reductions, void **mem);
bool GOMP_loop_ull_ordered_start(bool up, ull_t start, ull_t end, ull_t incr, long sched, ull_t
    chunk, ull_t *istart, ull_t *iend, uintptr_t *reductions, void **mem);
void GOMP_loop_end(void);
bool GOMP_loop_end_cancel(void);
void GOMP_loop_end_nowait(void);
void GOMP_parallel_loop_static(void (*fn)(void *), void *data, unsigned num_threads, long
    start, long end, long incr, long chunk, unsigned flags);
void GOMP_parallel_loop_dynamic(void (*fn)(void *), void *data, unsigned num_threads, long
    start, long end, long incr, long chunk, unsigned flags);
void GOMP_parallel_loop_guided(void (*fn)(void *), void *data, unsigned num_threads, long
    start, long end, long incr, long chunk, unsigned flags);
void GOMP_parallel_loop_nonmonotonic_dynamic(void (*fn)(void *), void *data, unsigned
    num_threads, long start, long end, long incr, long chunk, unsigned flags);
void GOMP_parallel_loop_nonmonotonic_guided(void (*fn)(void *), void *data, unsigned
    num_threads, long start, long end, long incr, long chunk, unsigned flags);
void GOMP_parallel_loop_runtime(void (*fn)(void *), void *data, unsigned num_threads, long
    start, long end, long incr, unsigned flags);
void GOMP_parallel_loop_nonmonotonic_runtime(void (*fn)(void *), void *data, unsigned
    num_threads, long start, long end, long incr, unsigned flags);
void GOMP_parallel_loop_maybe_nonmonotonic_runtime(void (*fn)(void *), void *data, unsigned
    num_threads, long start, long end, long incr, unsigned flags);
unsigned GOMP_sections_start(unsigned count);
unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem);
unsigned GOMP_sections_next(void);
void GOMP_sections_end(void);
bool GOMP_sections_end_cancel(void);
void GOMP_sections_end_nowait(void);
void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads, unsigned
    count, unsigned flags);
bool GOMP_single_start(void);
void *GOMP_single_copy_start(void);
void GOMP_single_copy_end(void *data);
void GOMP_taskgroup_reduction_register(uintptr_t *data);
void GOMP_taskgroup_reduction_unregister(uintptr_t *data);
void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs);
unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data, unsigned num_threads,
    unsigned flags);
void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
    long arg_align, bool if_clause, unsigned flags, void **depend, int priority, void
    *detach);
void GOMP_taskwait(void);
void GOMP_taskwait_depend(void **depend);
void GOMP_taskyield(void);
void GOMP_taskgroup_start(void);
void GOMP_taskgroup_end(void);
void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long
    arg_size, long arg_align, unsigned flags, unsigned long num_tasks, int priority, long
    start, long end, long step);
void GOMP_taskloop_ull(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long
    arg_size, long arg_align, unsigned flags, unsigned long num_tasks, int priority, ull_t
    start, ull_t end, ull_t step);
void GOMP_critical_start(void);
void GOMP_critical_end(void);
void GOMP_critical_name_start(void **pptr);
void GOMP_critical_name_end(void **pptr);
void GOMP_atomic_start(void);
void GOMP_atomic_end(void);
void *GOMP_alloc(size_t align, size_t size, uintptr_t allocator);
void GOMP_free(void *p, uintptr_t allocator);
bool GOMP_cancel(int which, bool do_cancel);
bool GOMP_cancellation_point(int which);
void GOMP_error(const char *msg, size_t len);
void GOMP_warning(const char *msg, size_t len);
void GOMP_scope_start(uintptr_t *reductions);
void GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs, size_t
    *sizes, unsigned short *kinds, unsigned flags, void **depend, void **args);
void GOMP_target(int device, void (*fn)(void *), const void *unused, size_t mapnum, void
    **hostaddrs, size_t *sizes, unsigned char *kinds);
void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
    unsigned short *kinds);
void GOMP_target_data(int device, const void *unused, size_t mapnum, void **hostaddrs,
    size_t *sizes, unsigned char *kinds);
void GOMP_target_end_data(void);
void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
    unsigned short *kinds, unsigned flags, void **depend);
void GOMP_target_update(int device, const void *unused, size_t mapnum, void **hostaddrs,
    size_t *sizes, unsigned char *kinds);
void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
    unsigned short *kinds, unsigned flags, void **depend);
void GOMP_offload_register_ver(unsigned version, const void *host_table, int target_type,
    const void *target_data);
void GOMP_offload_register(const void *host_table, int target_type, const void
    *target_data);
void GOMP_offload_unregister_ver(unsigned version, const void *host_table, int target_type,
    const void *target_data);
void GOMP_offload_unregister(const void *host_table, int target_type, const void
    *target_data);

#endif /* OMP_ABI_H */
