/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/list.h - intrusive doubly linked lists (ult/chunk.c's chunks): a
 * list is a head and a tail pointer, an element has a prev and a next
 * field for each list it may be on, named by the caller. Macros, so that
 * the elements stay typed (gdb/mltp.py walks ult_stack_chunks by `next`).
 * Each evaluates its arguments more than once. */
#ifndef ULT_LIST_H
#define ULT_LIST_H

#include <stddef.h>

/* x first on the list head..tail */
#define ULT_LIST_PUSH_FRONT(head, tail, x, PREV, NEXT) \
    do {                                               \
        (x)->PREV = NULL;                              \
        (x)->NEXT = (head);                            \
        if (head)                                      \
            (head)->PREV = (x);                        \
        else                                           \
            (tail) = (x);                              \
        (head) = (x);                                  \
    } while (0)

/* x last on it */
#define ULT_LIST_PUSH_BACK(head, tail, x, PREV, NEXT) \
    do {                                              \
        (x)->NEXT = NULL;                             \
        (x)->PREV = (tail);                           \
        if (tail)                                     \
            (tail)->NEXT = (x);                       \
        else                                          \
            (head) = (x);                             \
        (tail) = (x);                                 \
    } while (0)

/* x just before at, which is on it */
#define ULT_LIST_INSERT_BEFORE(head, at, x, PREV, NEXT) \
    do {                                                \
        (x)->NEXT = (at);                               \
        (x)->PREV = (at)->PREV;                         \
        if ((at)->PREV)                                 \
            (at)->PREV->NEXT = (x);                     \
        else                                            \
            (head) = (x);                               \
        (at)->PREV = (x);                               \
    } while (0)

/* x, which is on it, off it */
#define ULT_LIST_REMOVE(head, tail, x, PREV, NEXT) \
    do {                                           \
        if ((x)->PREV)                             \
            (x)->PREV->NEXT = (x)->NEXT;           \
        else                                       \
            (head) = (x)->NEXT;                    \
        if ((x)->NEXT)                             \
            (x)->NEXT->PREV = (x)->PREV;           \
        else                                       \
            (tail) = (x)->PREV;                    \
    } while (0)

#endif
