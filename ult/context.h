/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/context.h - the machine-dependent context switch (QuickThreads style):
 * ult/switch-x86_64.S or ult/switch-aarch64.S, and mltp_vcreate's register
 * images (ult/vargs-*.S, sched/vcreate-*.S), picked by configure. */
#ifndef ULT_CONTEXT_H
#define ULT_CONTEXT_H

/* offsetof(struct ult, sp), for ult_switch_yield (_Static_assert in ult/ult.h) */
#define ULT_SP_OFFSET 24

#ifndef __ASSEMBLER__

/*
 * A helper runs on the new stack, after the old context is fully saved and
 * before the new one resumes. It gets the old context's saved stack pointer
 * and is the only place where the old thread may be published (put on a
 * queue), so no other VP can resume it before its registers are on its
 * stack. Its return value is what ult_switch() returns in the resumed
 * thread.
 */
typedef void *ult_helper_t(void *old_sp, void *a1, void *a2);

/* Save callee-saved registers and FP control on this stack, move to to_sp,
   call helper(old_sp, a1, a2) there, then resume the context at to_sp.
   Cost: 26 instructions when both contexts have the same x87 control word
   (the usual case; it is loaded only when it differs). MXCSR, sticky
   flags included, is saved and loaded on every switch: it travels with
   the context. aarch64: 32, FPCR loaded only when it differs, FPSR (the
   sticky flags) on every switch. */
void *ult_switch(void *to_sp, void *a1, void *a2, ult_helper_t *helper);

/* First activation of a new context: calls entry(arg, helper_result). */
void ult_trampoline(void);
typedef void ult_entry_t(void *arg, void *helper_result); /* never returns */

#if defined(__x86_64__)
/* The calling context's FP control, as a frame keeps it: MXCSR in the
   low 32 bits, the x87 control word above. */
static inline unsigned long ult_fp_control(void)
{
    unsigned int mxcsr;
    unsigned short cw;
    __asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(mxcsr), "=m"(cw));
    return mxcsr | (unsigned long)cw << 32;
}
#elif defined(__aarch64__)
/* The calling context's FP state, as a frame keeps it: FPCR in the low
   32 bits, FPSR above (both registers' upper halves are reserved). */
static inline unsigned long ult_fp_control(void)
{
    unsigned long fpcr, fpsr;
    __asm__ volatile("mrs %0, fpcr\n\tmrs %1, fpsr" : "=r"(fpcr), "=r"(fpsr));
    return (fpcr & 0xffffffffUL) | fpsr << 32;
}
#endif

/* Build the initial frame of a new context below top (16-byte aligned),
   starting with FP control fp_control; returns its stack pointer for
   ult_switch(). */
void *ult_context_init(void *top, ult_entry_t *entry, void *arg,
                       unsigned long fp_control);

#if defined(__x86_64__)
/* Register image captured by mltp_vcreate's assembly entry. */
struct ult_vregs {
    unsigned long gpr[4];      /* rdx rcx r8 r9: the first 4 integer varargs */
    double fp[8];              /* xmm0-7: the first 8 double varargs */
    unsigned long nvec;        /* %al: vector registers used by the caller */
    unsigned long *stack;      /* the caller's stack arguments */
};

/* What f is called with: registers and stack words, as a direct call. */
struct ult_vargs {
    unsigned long gpr[6];      /* rdi rsi rdx rcx r8 r9 */
    double fp[8];              /* xmm0-7 */
    long nstack;
    unsigned long stack[];     /* nstack words */
};
#elif defined(__aarch64__)
/* Register image captured by mltp_vcreate's assembly entry (AAPCS64: no
   count of the FP registers used, unlike x86-64's %al). Offsets are the
   .S files'. */
struct ult_vregs {
    unsigned long gpr[6];      /* x2-x7: the first 6 integer varargs  @0 */
    double fp[8];              /* d0-d7: the first 8 double varargs  @48 */
    unsigned long *stack;      /* the caller's stack arguments      @112 */
};

/* What f is called with: registers and stack words, as a direct call. */
struct ult_vargs {
    unsigned long gpr[8];      /* x0-x7                               @0 */
    double fp[8];              /* d0-d7                              @64 */
    long nstack;               /*                                   @128 */
    unsigned long stack[];     /* nstack words                      @136 */
};
#endif

/* Call f with the registers and stack words of va; returns f's value. */
void *ult_call_vargs(void *f, const struct ult_vargs *va);

/* ult_switch for a yield, with its helper done inline (no call): on the
   new stack, once everything is saved, self->sp = the old stack pointer
   (at ULT_SP_OFFSET) and *lock = 0, a release. 27 or 28 instructions:
   it returns with ret when the leaving context left from the same call
   as the one it resumes, else with jmp (see the .S file). */
void ult_switch_yield(void *self, void *to_sp, unsigned int *lock);

#endif /* __ASSEMBLER__ */
#endif
