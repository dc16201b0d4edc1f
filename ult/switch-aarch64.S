/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/switch-aarch64.S - QuickThreads-style context switch for AAPCS64
 * (Linux, LP64). The same contract as ult/switch-x86_64.S.
 *
 * Saved frame, from the saved stack pointer up (176 bytes):
 *     0: x29 (fp)  8: x30 (lr: where the context resumes)
 *    16: x19 x20   32: x21 x22   48: x23 x24   64: x25 x26   80: x27 x28
 *    96: d8 d9    112: d10 d11  128: d12 d13  144: d14 d15
 *   160: FPCR (4 bytes) | FPSR (4) | pad (8)
 * The saved stack pointer is 16-byte aligned; {x29, x30} at it is a frame
 * record. Only the low 64 bits of v8-v15 are callee-saved (AAPCS64).
 *
 * FP state: FPCR (rounding, flush-to-zero, default NaN, trap enables)
 * and FPSR (the sticky exception flags, and QC) travel with the context,
 * as all of MXCSR does on x86-64: a ULT's fetestexcept() sees its own
 * flags only, wherever it ran (tests/test_ult.c, fp_flags_travel). FPSR
 * is loaded on every switch: its flags change with ordinary arithmetic,
 * so a compare would mostly find them different. FPCR rarely changes and
 * writing it may drain the pipeline on some cores, so it is loaded only
 * when it differs from the hardware's, whose value is kept in x19 (saved,
 * and it survives a helper call) for the compare, as x86-64 keeps the x87
 * control word in ebp. Not measured on aarch64 hardware.
 *
 * Resume always with ret (x30): the return-stack predictor pops the
 * entry the leaving context's call pushed, right when both contexts left
 * through the same call (two ULTs yielding in one loop), once wrong
 * otherwise, and the stack stays in step either way (a br would leave
 * that entry behind). x86-64 measured jmp to be better when the two
 * return addresses differ; on aarch64 that is left unmeasured.
 */
#include "ult/context.h"

/* Save the callee-saved registers and FP state; x19 then holds FPCR. */
        .macro SAVE_CONTEXT
        stp     x29, x30, [sp, #-176]!
        stp     x19, x20, [sp, #16]
        stp     x21, x22, [sp, #32]
        stp     x23, x24, [sp, #48]
        stp     x25, x26, [sp, #64]
        stp     x27, x28, [sp, #80]
        stp     d8, d9, [sp, #96]
        stp     d10, d11, [sp, #112]
        stp     d12, d13, [sp, #128]
        stp     d14, d15, [sp, #144]
        mrs     x19, fpcr
        mrs     x20, fpsr
        stp     w19, w20, [sp, #160]
        .endm

/* Resume the context at sp: FP state, registers, then ret to its x30.
   x0 (a helper's result) is left alone. */
        .macro RESTORE_CONTEXT
        ldp     w9, w10, [sp, #160]
        cmp     w9, w19
        b.ne    .Lload_fpcr
        msr     fpsr, x10
        ldp     d8, d9, [sp, #96]
        ldp     d10, d11, [sp, #112]
        ldp     d12, d13, [sp, #128]
        ldp     d14, d15, [sp, #144]
        ldp     x19, x20, [sp, #16]
        ldp     x21, x22, [sp, #32]
        ldp     x23, x24, [sp, #48]
        ldp     x25, x26, [sp, #64]
        ldp     x27, x28, [sp, #80]
        ldp     x29, x30, [sp], #176
        ret
        .endm

        .text

/* void *ult_switch(void *to_sp, void *a1, void *a2, ult_helper_t *helper)
 * a1 and a2 are already where the helper takes them. 32 instructions
 * when FPCR is equal (the usual case), and the helper. */
        .globl  ult_switch
        .hidden ult_switch
        .type   ult_switch, %function
        .p2align 4
ult_switch:
        .cfi_startproc
        SAVE_CONTEXT
        mov     x9, sp
        mov     sp, x0                  /* now on the new stack */
        mov     x0, x9                  /* helper(old_sp, a1, a2) */
        blr     x3
.Lresume:
        RESTORE_CONTEXT
        /* FPCR differs (rare): load it, note it as the hardware's now,
           and resume again (FPSR is loaded twice) */
.Lload_fpcr:
        msr     fpcr, x9
        mov     w19, w9
        b       .Lresume
        .cfi_endproc
        .size   ult_switch, .-ult_switch

/* void ult_switch_yield(void *self, void *to_sp, unsigned int *lock):
   32 instructions when FPCR is equal. lock is the scheduler's (this layer
   knows none). A context is published only once it is saved: stlr makes
   every store before it (the frame, self->sp) visible before the lock
   reads free, where x86-64's TSO needs a plain store. Its cost is in the
   store buffer draining before the lock word can be seen, not in this
   VP's instructions: the loads of the new frame that follow do not wait
   for it. */
        .globl  ult_switch_yield
        .hidden ult_switch_yield
        .type   ult_switch_yield, %function
        .p2align 4
ult_switch_yield:
        .cfi_startproc
        SAVE_CONTEXT
        mov     x9, sp
        str     x9, [x0, #ULT_SP_OFFSET] /* saved; still unseen: the lock is held */
        mov     sp, x1                  /* now on the new stack */
        stlr    wzr, [x2]               /* release the lock */
        RESTORE_CONTEXT
        .cfi_endproc
        .size   ult_switch_yield, .-ult_switch_yield

/* First activation: x19 = arg, x20 = entry, x0 = helper result; x29 is 0
   and x30 undefined for debuggers: the end of the call chain. */
        .globl  ult_trampoline
        .hidden ult_trampoline
        .type   ult_trampoline, %function
        .p2align 4
ult_trampoline:
        .cfi_startproc
        .cfi_undefined x30
        mov     x1, x0
        mov     x0, x19
        blr     x20
        brk     #0x3e8                  /* entry never returns */
        .cfi_endproc
        .size   ult_trampoline, .-ult_trampoline

/* void *ult_context_init(void *top, ult_entry_t *entry, void *arg,
 *                        unsigned long fp_control)
 * A frame that ult_switch resumes into ult_trampoline, with the given FP
 * state (ult_fp_control(): FPCR low, FPSR high). The stack pointer after
 * its ret is top rounded down to 16 bytes. 14 instructions. */
        .globl  ult_context_init
        .hidden ult_context_init
        .type   ult_context_init, %function
        .p2align 4
ult_context_init:
        .cfi_startproc
        and     x9, x0, #-16
        sub     x0, x9, #176
        adrp    x10, ult_trampoline
        add     x10, x10, :lo12:ult_trampoline
        stp     xzr, x10, [x0]          /* x29 = 0 ends frame-pointer walks */
        stp     x2, x1, [x0, #16]       /* x19 = arg, x20 = entry */
        stp     xzr, xzr, [x0, #32]
        stp     xzr, xzr, [x0, #48]
        stp     xzr, xzr, [x0, #64]
        stp     xzr, xzr, [x0, #80]     /* d8-d15 are left as they are: */
        str     x3, [x0, #160]          /* nothing reads them before entry */
        ret
        .cfi_endproc
        .size   ult_context_init, .-ult_context_init

        .section .note.GNU-stack,"",%progbits
