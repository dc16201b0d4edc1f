/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/stack-x86_64.S - a call on a stack the program supplied
 * (pthread_attr_setstack): the thread's function runs there, and returns
 * to the ULT's own stack. The frame pointer keeps the way back, and the
 * CFI says so, so that pthread_exit's unwinder (pthread/cancel.c) and a
 * debugger walk from the program's stack back to the ULT's. */
        .text

/* void pt_call_on_stack(void *top, void (*f)(void *), void *arg);
   top 16-byte aligned */
        .globl  pt_call_on_stack
        .hidden pt_call_on_stack
        .type   pt_call_on_stack, @function
        .p2align 4
pt_call_on_stack:
        .cfi_startproc
        pushq   %rbp
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rbp, 0
        movq    %rsp, %rbp
        .cfi_def_cfa_register %rbp
        movq    %rdi, %rsp
        movq    %rdx, %rdi
        call    *%rsi
        movq    %rbp, %rsp
        popq    %rbp
        .cfi_def_cfa %rsp, 8
        ret
        .cfi_endproc
        .size   pt_call_on_stack, .-pt_call_on_stack

        .section .note.GNU-stack,"",@progbits
