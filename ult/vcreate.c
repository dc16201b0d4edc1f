/* ult/vcreate.c - mltp_vcreate: the assembly entry (vargs-x86_64.S) keeps
 * the caller's register image; here it becomes the image of a direct call
 * f(a0, a1, ...). The caller passed integers in rdx rcx r8 r9 and then on
 * the stack, doubles in xmm0-7 (their count in %al); f takes integers in
 * rdi rsi rdx rcx r8 r9 and then the stack. With at most 8 doubles, every
 * stack word of the caller is an integer, so the mapping is exact. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include "ult/ult.h"

mltp_t *ult_vcreate_regs(void *f, int nbytes, const struct ult_vregs *r);

mltp_t *ult_vcreate_regs(void *f, int nbytes, const struct ult_vregs *r)
{
    union {
        struct ult_vargs va;
        char room[sizeof(struct ult_vargs) + MLTP_VARGS_MAX * sizeof(unsigned long)];
    } u;
    long words, ndouble, nint, nstack;

    if (!f || nbytes < 0) {
        errno = EINVAL;
        return NULL;
    }
    words = (nbytes + (long)sizeof(qt_word_t) - 1) / (long)sizeof(qt_word_t);
    ndouble = r->nvec < 8 ? (long)r->nvec : 8;
    nint = words > ndouble ? words - ndouble : 0;
    if (nint > MLTP_VARGS_MAX) {
        errno = EINVAL;
        return NULL;
    }
    memset(&u.va, 0, sizeof u.va);
    memcpy(u.va.gpr, r->gpr, sizeof r->gpr);
    memcpy(u.va.xmm, r->xmm, sizeof r->xmm);
    nstack = nint > 4 ? nint - 4 : 0;        /* integers past rdx..r9 */
    if (nstack > 0)
        u.va.gpr[4] = r->stack[0];
    if (nstack > 1)
        u.va.gpr[5] = r->stack[1];
    u.va.nstack = nstack > 2 ? nstack - 2 : 0;
    for (long i = 0; i < u.va.nstack; i++)
        u.va.stack[i] = r->stack[2 + i];
    return (mltp_t *)ult_create(NULL, (void *(*)())f, NULL, &u.va);
}
