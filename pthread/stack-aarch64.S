/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/stack-aarch64.S - a call on a stack the program supplied
 * (pthread_attr_setstack): the thread's function runs there, and returns
 * to the ULT's own stack. The frame pointer keeps the way back, and the
 * CFI says so, so that pthread_exit's unwinder (pthread/cancel.c) and a
 * debugger walk from the program's stack back to the ULT's. */
        .text

/* void pt_call_on_stack(void *top, void (*f)(void *), void *arg);
   top 16-byte aligned */
        .globl  pt_call_on_stack
        .hidden pt_call_on_stack
        .type   pt_call_on_stack, %function
        .p2align 4
pt_call_on_stack:
        .cfi_startproc
        stp     x29, x30, [sp, #-16]!
        .cfi_def_cfa_offset 16
        .cfi_offset x29, -16
        .cfi_offset x30, -8
        mov     x29, sp
        .cfi_def_cfa_register x29
        mov     sp, x0
        mov     x0, x2
        blr     x1
        mov     sp, x29
        .cfi_def_cfa_register sp
        ldp     x29, x30, [sp], #16
        .cfi_restore x29
        .cfi_restore x30
        .cfi_def_cfa_offset 0
        ret
        .cfi_endproc
        .size   pt_call_on_stack, .-pt_call_on_stack

        .section .note.GNU-stack,"",%progbits
