/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/target.c - the host is the only device (omp_get_num_devices() is
 * 0), so a target region runs on the host, in the encountering thread,
 * as OpenMP says for the initial device: its data is already there, so
 * the data constructs do nothing. */
#include <stdlib.h>
#include <string.h>
#include "omp/rt.h"

/* depend(...) on a target construct: its sibling tasks first */
static void wait_depend(void **depend)
{
    if (depend)
        GOMP_taskwait();
}

OMPRT_API void GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                               size_t *sizes, unsigned short *kinds, unsigned flags,
                               void **depend, void **args)
{
    (void)device, (void)mapnum, (void)sizes, (void)kinds, (void)flags, (void)args;
    wait_depend(depend);
    fn(hostaddrs);
}

OMPRT_API void GOMP_target(int device, void (*fn)(void *), const void *unused, size_t mapnum,
                           void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
    (void)device, (void)unused, (void)mapnum, (void)sizes, (void)kinds;
    fn(hostaddrs);
}

OMPRT_API void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                    unsigned short *kinds)
{
    (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
}

OMPRT_API void GOMP_target_data(int device, const void *unused, size_t mapnum,
                                void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
    (void)device, (void)unused, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
}

OMPRT_API void GOMP_target_end_data(void)
{
}

OMPRT_API void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs,
                                      size_t *sizes, unsigned short *kinds, unsigned flags,
                                      void **depend)
{
    (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds, (void)flags;
    wait_depend(depend);
}

OMPRT_API void GOMP_target_update(int device, const void *unused, size_t mapnum,
                                  void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
    (void)device, (void)unused, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
}

OMPRT_API void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs,
                                           size_t *sizes, unsigned short *kinds,
                                           unsigned flags, void **depend)
{
    (void)device, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds, (void)flags;
    wait_depend(depend);
}

/* Offload images a program registers from its constructors are never
   used: nothing to do. */
OMPRT_API void GOMP_offload_register_ver(unsigned version, const void *host_table,
                                         int target_type, const void *target_data)
{
    (void)version, (void)host_table, (void)target_type, (void)target_data;
}

OMPRT_API void GOMP_offload_register(const void *host_table, int target_type,
                                     const void *target_data)
{
    (void)host_table, (void)target_type, (void)target_data;
}

OMPRT_API void GOMP_offload_unregister_ver(unsigned version, const void *host_table,
                                           int target_type, const void *target_data)
{
    (void)version, (void)host_table, (void)target_type, (void)target_data;
}

OMPRT_API void GOMP_offload_unregister(const void *host_table, int target_type,
                                       const void *target_data)
{
    (void)host_table, (void)target_type, (void)target_data;
}

/* device memory of the initial device: the host's */
static int host_device(int device)
{
    return device == omp_get_initial_device();
}

OMPRT_API void *omp_target_alloc(size_t size, int device)
{
    return host_device(device) ? malloc(size) : NULL;
}

OMPRT_API void omp_target_free(void *p, int device)
{
    if (host_device(device))
        free(p);
}

OMPRT_API int omp_target_is_present(const void *p, int device)
{
    (void)p;
    return host_device(device);
}

OMPRT_API int omp_target_memcpy(void *dst, const void *src, size_t n, size_t dst_off,
                                size_t src_off, int dst_dev, int src_dev)
{
    if (!host_device(dst_dev) || !host_device(src_dev))
        return 1;
    memcpy((char *)dst + dst_off, (const char *)src + src_off, n);
    return 0;
}

OMPRT_API int omp_target_memcpy_rect(void *dst, const void *src, size_t size, int ndims,
                                     const size_t *volume, const size_t *dst_offsets,
                                     const size_t *src_offsets, const size_t *dst_dims,
                                     const size_t *src_dims, int dst_dev, int src_dev)
{
    (void)dst, (void)src, (void)size, (void)ndims, (void)volume, (void)dst_offsets;
    (void)src_offsets, (void)dst_dims, (void)src_dims, (void)dst_dev, (void)src_dev;
    omprt_unsupported("omp_target_memcpy_rect");
}

/* the host's memory is the device's: nothing to associate */
OMPRT_API int omp_target_associate_ptr(const void *host, const void *dev, size_t size,
                                       size_t off, int device)
{
    (void)host, (void)dev, (void)size, (void)off, (void)device;
    return 1;
}

OMPRT_API int omp_target_disassociate_ptr(const void *p, int device)
{
    (void)p, (void)device;
    return 1;
}
