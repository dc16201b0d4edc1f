/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/vcreate.c - mltp_vcreate's arguments: the entry (sched/vcreate-*.S)
 * keeps the caller's register image; here it becomes the image of a
 * direct call f(a0, a1, ...).
 *
 * x86-64: the caller passed integers in rdx rcx r8 r9 and then on the
 * stack, doubles in xmm0-7 (their count in %al); f takes integers in rdi
 * rsi rdx rcx r8 r9 and then the stack.
 * aarch64: the caller passed integers in x2-x7 and then on the stack,
 * doubles in d0-d7 (no count); f takes integers in x0-x7 and then the
 * stack.
 * With at most 8 doubles, every stack word of the caller is an integer,
 * so the mapping is exact: the first two stack words go to f's last two
 * integer registers, the rest to f's stack. */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include "ult/ult.h"

/* Both architectures: f's registers are the caller's, then the caller's
   first two stack words; its doubles the caller's; then nstack words. */
static void fill(struct ult_vargs *va, const struct ult_vregs *r, long nstack)
{
    const size_t n = sizeof r->gpr / sizeof r->gpr[0];

    memset(va, 0, sizeof *va);
    memcpy(va->gpr, r->gpr, sizeof r->gpr);
    va->gpr[n] = r->stack[0];
    va->gpr[n + 1] = r->stack[1];
    memcpy(va->fp, r->fp, sizeof r->fp);
    va->nstack = nstack;
    for (long i = 0; i < nstack; i++)
        va->stack[i] = r->stack[2 + i];
}

#if defined(__x86_64__)
/* Every register argument goes through, whatever nbytes says: programs of
   the 32-bit era size six int arguments as 6 * sizeof(int), which counts
   three words. That is the four integers the caller passed in registers
   and the two f takes in r8 and r9, the caller's first two stack words
   (which are in its frame even when it passed fewer). nbytes counts only
   for the integer words past those six, which f takes on its stack. The
   words counted against MLTP_VARGS_MAX: the integers. */
static long stack_words(long words, const struct ult_vregs *r, long *counted)
{
    long ndouble = r->nvec < 8 ? (long)r->nvec : 8;
    long nint = words > ndouble ? words - ndouble : 0;

    *counted = nint;
    return nint > 6 ? nint - 6 : 0;
}
#elif defined(__aarch64__)
_Static_assert(offsetof(struct ult_vregs, fp) == 48 &&
               offsetof(struct ult_vregs, stack) == 112 &&
               sizeof(struct ult_vregs) <= 128, "sched/vcreate-aarch64.S");
_Static_assert(offsetof(struct ult_vargs, fp) == 64 &&
               offsetof(struct ult_vargs, nstack) == 128 &&
               offsetof(struct ult_vargs, stack) == 136, "ult/vargs-aarch64.S");

/* As on x86-64, every register argument goes through whatever nbytes says
   (the six integers the caller passed in registers, and the two f takes
   in x6 and x7, the caller's first two stack words, which are in its
   frame even when it passed fewer). But with no count of the doubles,
   nbytes cannot tell doubles from integers: every word past the eight
   integer registers is taken for a stack word. f reads only the ones it
   has; a copy reads at most 8 words (the doubles) past the caller's
   arguments, which are in its frame. So the limit is MLTP_VARGS_MAX
   arguments in all, doubles counted (x86-64: that many integers, and up
   to 8 doubles besides). */
static long stack_words(long words, const struct ult_vregs *r, long *counted)
{
    (void)r;
    *counted = words;
    return words > 8 ? words - 8 : 0;
}
#endif

int ult_vargs_build(struct ult_vargs *va, size_t room, int nbytes,
                    const struct ult_vregs *r)
{
    long words, counted, nstack;

    if (nbytes < 0)
        return EINVAL;
    words = (nbytes + (long)sizeof(qt_word_t) - 1) / (long)sizeof(qt_word_t);
    nstack = stack_words(words, r, &counted);
    if (counted > MLTP_VARGS_MAX ||
        sizeof *va + (size_t)nstack * sizeof va->stack[0] > room)
        return EINVAL;
    fill(va, r, nstack);
    return 0;
}
