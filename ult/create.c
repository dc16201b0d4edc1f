/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/create.c - a new ULT's descriptor and its first stack frame.
 *
 * Layout of a ULT stack (high addresses first): the private area
 * (MLTP_PRIVATE_SIZE, zeroed), the stack's record (struct
 * ult_stack_rec), the mltp_vcreate arguments if any, the
 * initial frame, then the stack proper down to the guard region. The
 * descriptor is malloc'd apart from the stack because the handle outlives
 * the thread (ult/handle.c).
 *
 * A ULT with the default stack size gets its stack when it first runs
 * (ult_bind), not when it is created: a batch of ULTs that each run to the
 * end then reuses the stacks the ULTs before left in the VP's cache, still
 * in the CPU's cache, instead of touching one cold stack per ULT. A size
 * asked for (the default's too: the default may change before the first
 * run), and mltp_vcreate's arguments, need the stack at once. */
#include <stdint.h>
#include <string.h>
#include "ult/asan.h"
#include "ult/ult.h"

static size_t vargs_size(const struct ult_vargs *va)
{
    return sizeof *va + (size_t)va->nstack * sizeof va->stack[0];
}

/* u on the stack [lo, lo + map) */
static inline void *frame_on(ult_t *u, char *lo, size_t map, const struct ult_vargs *va,
                             ult_entry_t *entry)
{
    struct ult_stack_rec *rec = ult_stack_record(lo, map);
    char *top;

    rec->owner = u;             /* what a debugger lists (mltp-debug(7)) */
    top = (char *)rec;
    u->stack_lo = lo;
    u->stack_map = map;
    u->flags |= rec->flags;     /* checked (sched/); never cached */
    if (va) {
        top = (char *)(((uintptr_t)(top - vargs_size(va))) & ~(uintptr_t)15);
        memcpy(top, va, vargs_size(va));
        u->arg = top;
        u->flags |= ULT_VARGS;
    }
    return ult_context_init(top, entry, u, u->fp_control);
}

void *ult_frame(struct ult_cache *c, ult_t *u, size_t usable, size_t guard, int reserved,
                const struct ult_vargs *va, ult_entry_t *entry)
{
    char *lo;
    size_t map;

    if (ult_stack_get(c, usable, guard, reserved, &lo, &map) != 0)
        return NULL;
    return frame_on(u, lo, map, va, entry);
}

/* Cost in a batch: a hot cached stack (its private area already zeroed)
   and the 64-byte frame. */
void *ult_bind(struct ult_cache *c, ult_t *u, ult_entry_t *entry)
{
    char *lo;
    size_t map;

    if (ult_stack_get_default(c, &lo, &map) != 0)
        return NULL;
    return frame_on(u, lo, map, NULL, entry);
}
