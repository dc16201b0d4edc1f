/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/unsupported.c - what GCC may call that this runtime does not run:
 * each stops the program with one line naming the construct (exit
 * status 1), never silently. The host is the only device and there is one
 * team, so offload and teams are out; so are doacross loops, task
 * reductions and the split parallel calls of GCC before 4.9. */
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

#define TARGET "target (offload to a device)"
UNSUPPORTED(GOMP_target, TARGET)
UNSUPPORTED(GOMP_target_ext, TARGET)
UNSUPPORTED(GOMP_target_data, "target data (offload to a device)")
UNSUPPORTED(GOMP_target_data_ext, "target data (offload to a device)")
UNSUPPORTED(GOMP_target_end_data, "target data (offload to a device)")
UNSUPPORTED(GOMP_target_update, "target update (offload to a device)")
UNSUPPORTED(GOMP_target_update_ext, "target update (offload to a device)")
UNSUPPORTED(GOMP_target_enter_exit_data, "target enter/exit data (offload to a device)")
UNSUPPORTED(GOMP_teams, "teams")
UNSUPPORTED(GOMP_teams4, "teams")
UNSUPPORTED(GOMP_teams_reg, "teams")

#define TASK_REDUCTION "a task reduction (task_reduction, in_reduction, reduction(task, ...))"
UNSUPPORTED(GOMP_taskgroup_reduction_register, TASK_REDUCTION)
UNSUPPORTED(GOMP_taskgroup_reduction_unregister, TASK_REDUCTION)
UNSUPPORTED(GOMP_task_reduction_remap, TASK_REDUCTION)
UNSUPPORTED(GOMP_workshare_task_reduction_unregister, TASK_REDUCTION)

#define OLD_SPLIT "GCC's split parallel calls (code from GCC before 4.9)"
UNSUPPORTED(GOMP_parallel_loop_static_start, OLD_SPLIT)
UNSUPPORTED(GOMP_parallel_loop_dynamic_start, OLD_SPLIT)
UNSUPPORTED(GOMP_parallel_loop_guided_start, OLD_SPLIT)
UNSUPPORTED(GOMP_parallel_loop_runtime_start, OLD_SPLIT)
UNSUPPORTED(GOMP_parallel_sections_start, OLD_SPLIT)

/* A program built with offload images registers them from a constructor:
   nothing to do until a target construct runs, which stops above. */
#define NOTHING(name)                              \
    void name(void);                               \
    OMPRT_API void name(void)                      \
    {                                              \
    }
NOTHING(GOMP_offload_register)
NOTHING(GOMP_offload_register_ver)
NOTHING(GOMP_offload_unregister)
NOTHING(GOMP_offload_unregister_ver)

#define TARGET_API "omp_target_* (device memory)"
OMPRT_API void *omp_target_alloc(size_t size, int device)
{
    (void)size, (void)device;
    omprt_unsupported(TARGET_API);
}
OMPRT_API void omp_target_free(void *p, int device)
{
    (void)p, (void)device;
    omprt_unsupported(TARGET_API);
}
OMPRT_API int omp_target_is_present(const void *p, int device)
{
    (void)p, (void)device;
    omprt_unsupported(TARGET_API);
}
OMPRT_API int omp_target_memcpy(void *dst, const void *src, size_t n, size_t dst_off,
                                size_t src_off, int dst_dev, int src_dev)
{
    (void)dst, (void)src, (void)n, (void)dst_off, (void)src_off, (void)dst_dev, (void)src_dev;
    omprt_unsupported(TARGET_API);
}
OMPRT_API int omp_target_memcpy_rect(void *dst, const void *src, size_t size, int ndims,
                                     const size_t *volume, const size_t *dst_offsets,
                                     const size_t *src_offsets, const size_t *dst_dims,
                                     const size_t *src_dims, int dst_dev, int src_dev)
{
    (void)dst, (void)src, (void)size, (void)ndims, (void)volume, (void)dst_offsets;
    (void)src_offsets, (void)dst_dims, (void)src_dims, (void)dst_dev, (void)src_dev;
    omprt_unsupported(TARGET_API);
}
OMPRT_API int omp_target_associate_ptr(const void *host, const void *dev, size_t size,
                                       size_t off, int device)
{
    (void)host, (void)dev, (void)size, (void)off, (void)device;
    omprt_unsupported(TARGET_API);
}
OMPRT_API int omp_target_disassociate_ptr(const void *p, int device)
{
    (void)p, (void)device;
    omprt_unsupported(TARGET_API);
}
