/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/valgrind.h - what valgrind must be told about our processes.
 * Valgrind runs a clone() that shares memory as a thread of its own and
 * registers the stack it is given as that thread's, until it exits: the
 * borrowed stacks VPs and bound threads start on need no registering, only
 * to be addressable again (vp/tcb.c). A client request is a few
 * instructions that do nothing outside valgrind; they are made only where
 * a process is made. Without MLTP_VALGRIND (configure --disable-valgrind,
 * or no valgrind/valgrind.h) they are empty. */
#ifndef VP_VALGRIND_H
#define VP_VALGRIND_H

#include "config.h"

#ifdef MLTP_VALGRIND
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#define vp_vg_running() (RUNNING_ON_VALGRIND != 0)
/* memory a new process may use but has not written yet */
#define vp_vg_undefined(addr, len) ((void)VALGRIND_MAKE_MEM_UNDEFINED((addr), (len)))
#else
#define vp_vg_running() 0
#define vp_vg_undefined(addr, len) ((void)(addr), (void)(len))
#endif

#endif
