/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/valgrind.h - tell valgrind which mappings are stacks, as fiber
 * libraries do (Boost.Context, Argobots). Memcheck takes a stack pointer
 * that moves by less than 2 MB for frames pushed or popped, and marks what
 * lies between undefined or inaccessible: a switch between two ULT stacks
 * would mark the stacks between them, saved contexts and all. A move from
 * one registered stack to another is a switch instead. A client request is
 * a few instructions that do nothing outside valgrind; they are made where
 * a stack is mapped or unmapped, never on a switch. Without MLTP_VALGRIND
 * (configure --disable-valgrind, or no valgrind/valgrind.h) they are
 * empty. */
#ifndef ULT_VALGRIND_H
#define ULT_VALGRIND_H

#include "config.h"

#ifdef MLTP_VALGRIND
#include <valgrind/valgrind.h>
#define ult_vg_running() (RUNNING_ON_VALGRIND != 0)
/* the stack [lo, hi): its id, for ult_vg_stack_deregister */
#define ult_vg_stack_register(lo, hi) \
    ((unsigned int)VALGRIND_STACK_REGISTER((lo), (char *)(hi) - 1))
#define ult_vg_stack_deregister(id) VALGRIND_STACK_DEREGISTER(id)
#else
#define ult_vg_running() 0
#define ult_vg_stack_register(lo, hi) ((void)(lo), (void)(hi), 0U)
#define ult_vg_stack_deregister(id) ((void)(id))
#endif

#endif
