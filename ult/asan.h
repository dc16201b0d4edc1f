/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/asan.h - tell AddressSanitizer which stack we switch to, as every
 * fiber library must (it checks stack bounds on no-return calls and keeps
 * fake stacks per fiber). Without ASan these are empty. */
#ifndef ULT_ASAN_H
#define ULT_ASAN_H

#include <stddef.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
/* save NULL: the fiber we leave is ending */
#define ult_asan_start(save, bottom, size) \
    __sanitizer_start_switch_fiber((save), (bottom), (size))
#define ult_asan_finish(save) __sanitizer_finish_switch_fiber((save), NULL, NULL)
/* a recycled stack still carries its last user's redzones */
#include <sanitizer/asan_interface.h>
#define ult_asan_unpoison(addr, size) ASAN_UNPOISON_MEMORY_REGION((addr), (size))
#else
#define ult_asan_start(save, bottom, size) ((void)(save), (void)(bottom), (void)(size))
#define ult_asan_finish(save) ((void)(save))
#define ult_asan_unpoison(addr, size) ((void)(addr), (void)(size))
#endif

#endif
