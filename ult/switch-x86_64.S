/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/switch-x86_64.S - QuickThreads-style context switch for x86-64 SysV.
 *
 * Saved frame, from the saved stack pointer up:
 *   0: MXCSR (4 bytes) | x87 control word (2) | pad (2)
 *   8: r15  16: r14  24: r13  32: r12  40: rbx  48: rbp  56: return address
 * The saved stack pointer is 16-byte aligned.
 */
#include "ult/context.h"
/* Push the callee-saved registers and the FP control. The x87 control word
   is also kept in ebp (saved, and it survives a helper call) for the
   compare on resume: fnstcw's store forwards to that load. */
        .macro SAVE_CONTEXT
        pushq   %rbp
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        subq    $8, %rsp
        stmxcsr (%rsp)
        fnstcw  4(%rsp)
        movzwl  4(%rsp), %ebp
        .endm

/* Resume the context at rsp: FP control first, then the registers, then
   go to its return address. MXCSR is loaded whatever it holds: reading
   back what stmxcsr just stored, to skip an equal load, costs more (EPYC:
   6.5 ns per switch with the compare, 5.1 without, Boost.Context's
   jump_fcontext 5.6). So all of MXCSR travels with a context, its sticky
   exception flags too. The x87 control word rarely changes and fldcw
   is slow on some CPUs: it is loaded only when it differs (the compare
   costs nothing measurable here).

   pick=0: jmp to the return address (the branch predictor learns it).
   pick=1 (r12 = the leaving context's return address): ret when the two
   are equal. The return-stack buffer then stays in step: its top is the
   leaving context's return address, which is the right prediction, and
   so are the entries below it for the returns that follow, as far as
   both contexts left through the same calls (two ULTs waiting on the
   same condition or barrier, yielding in the same loop). A jmp leaves
   that entry on the buffer, and every return after it is mispredicted
   (cond ping-pong, 1 VP: 90 -> 46 ns per round trip; 4-party barrier
   ~2.3x faster). When they differ, jmp: a ret would be mispredicted. */
        .macro RESTORE_CONTEXT pick
        ldmxcsr (%rsp)
        cmpw    %bp, 4(%rsp)
        jne     .Lload_cw
        .if \pick
        cmpq    %r12, 56(%rsp)
        .endif
        leaq    8(%rsp), %rsp           /* lea and pop keep the flags */
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
        popq    %rbp
        .if \pick
        jne     1f
        ret
1:
        .endif
        popq    %rcx
        jmpq    *%rcx
        .endm

        .text

/* void *ult_switch(void *to_sp, void *a1, void *a2, ult_helper_t *helper)
 * Arguments are ordered so that a1 and a2 are already where the helper
 * takes them. 26 instructions when the x87 control word is equal (the usual
 * case). */
        .globl  ult_switch
        .hidden ult_switch
        .type   ult_switch, @function
        .p2align 4
ult_switch:
        .cfi_startproc
        SAVE_CONTEXT
        movq    %rdi, %rax
        movq    %rsp, %rdi              /* old_sp */
        movq    %rax, %rsp              /* now on the new stack */
        call    *%rcx                   /* helper(old_sp, a1, a2), aligned */
.Lresume:
        RESTORE_CONTEXT 0   /* its callers never leave where they resume */
        /* the x87 control word differs (rare): load it, note it as the
           hardware's now, and resume again (MXCSR is loaded twice) */
.Lload_cw:
        fldcw   4(%rsp)
        movzwl  4(%rsp), %ebp
        jmp     .Lresume
        .cfi_endproc
        .size   ult_switch, .-ult_switch

/* void ult_switch_yield(void *self, void *to_sp, unsigned int *lock):
   27 instructions when the x87 control word is equal and the return
   addresses too (ret), 28 when they differ (jmp). lock is the scheduler's (this layer knows none): the store
   that releases it comes after the context is saved. */
        .globl  ult_switch_yield
        .hidden ult_switch_yield
        .type   ult_switch_yield, @function
        .p2align 4
ult_switch_yield:
        .cfi_startproc
        SAVE_CONTEXT
        movq    56(%rsp), %r12          /* our return address, for the pick */
        movq    %rsp, ULT_SP_OFFSET(%rdi)  /* saved; still unseen: the lock is held */
        movq    %rsi, %rsp              /* now on the new stack */
        movl    $0, (%rdx)              /* release the lock (x86: a plain store) */
        RESTORE_CONTEXT 1
        .cfi_endproc
        .size   ult_switch_yield, .-ult_switch_yield

/* First activation: r12 = arg, r13 = entry, rax = helper result. */
        .globl  ult_trampoline
        .hidden ult_trampoline
        .type   ult_trampoline, @function
        .p2align 4
ult_trampoline:
        .cfi_startproc
        .cfi_undefined rip              /* end of the call chain for debuggers */
        movq    %r12, %rdi
        movq    %rax, %rsi
        call    *%r13
        ud2
        .cfi_endproc
        .size   ult_trampoline, .-ult_trampoline

/* void *ult_context_init(void *top, ult_entry_t *entry, void *arg,
 *                        unsigned long fp_control)
 * A frame that ult_switch resumes into ult_trampoline, with the given FP
 * control (ult_fp_control()). After its ret the stack pointer is 16-byte
 * aligned. 12 instructions. */
        .globl  ult_context_init
        .hidden ult_context_init
        .type   ult_context_init, @function
        .p2align 4
ult_context_init:
        .cfi_startproc
        movq    %rdi, %rax
        andq    $-16, %rax
        subq    $64, %rax
        movq    %rcx, (%rax)            /* MXCSR | x87 CW << 32 */
        xorl    %ecx, %ecx
        movq    %rcx, 8(%rax)           /* r15 */
        movq    %rcx, 16(%rax)          /* r14 */
        movq    %rsi, 24(%rax)          /* r13 = entry */
        movq    %rdx, 32(%rax)          /* r12 = arg */
        movq    %rcx, 40(%rax)          /* rbx */
        movq    %rcx, 48(%rax)          /* rbp: ends frame-pointer walks */
        leaq    ult_trampoline(%rip), %rcx
        movq    %rcx, 56(%rax)
        ret
        .cfi_endproc
        .size   ult_context_init, .-ult_context_init

        .section .note.GNU-stack,"",@progbits
