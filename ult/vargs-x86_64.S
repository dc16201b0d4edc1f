/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/vargs-x86_64.S - a call with mltp_vcreate's arguments (x86-64 SysV):
 * the registers and stack words of a direct call f(a0, a1, ...), built by
 * ult/vcreate.c from the caller's register image (sched/vcreate-*.S). */
        .text

/* void *ult_call_vargs(void *f, const struct ult_vargs *va)
 * struct ult_vargs: gpr[6] @0, xmm[8] @48, nstack @112, stack[] @120 */
        .globl  ult_call_vargs
        .hidden ult_call_vargs
        .type   ult_call_vargs, @function
        .p2align 4
ult_call_vargs:
        .cfi_startproc
        pushq   %rbp
        .cfi_def_cfa_offset 16
        .cfi_offset rbp, -16
        movq    %rsp, %rbp
        .cfi_def_cfa_register rbp
        pushq   %rbx
        pushq   %r12
        movq    %rdi, %r12              /* f */
        movq    %rsi, %rbx              /* va */
        movq    112(%rbx), %rcx         /* nstack */
        leaq    15(,%rcx,8), %rax
        andq    $-16, %rax
        subq    %rax, %rsp              /* stays 16-byte aligned */
        xorl    %edx, %edx
1:      cmpq    %rcx, %rdx
        jae     2f
        movq    120(%rbx,%rdx,8), %rax
        movq    %rax, (%rsp,%rdx,8)
        incq    %rdx
        jmp     1b
2:
        .irp    n, 0, 1, 2, 3, 4, 5, 6, 7
        movsd   48 + 8 * \n(%rbx), %xmm\n
        .endr
        movq    0(%rbx), %rdi
        movq    8(%rbx), %rsi
        movq    16(%rbx), %rdx
        movq    24(%rbx), %rcx
        movq    32(%rbx), %r8
        movq    40(%rbx), %r9
        movl    $8, %eax                /* f may itself be variadic */
        call    *%r12
        leaq    -16(%rbp), %rsp
        popq    %r12
        popq    %rbx
        popq    %rbp
        .cfi_def_cfa rsp, 8
        ret
        .cfi_endproc
        .size   ult_call_vargs, .-ult_call_vargs

        .section .note.GNU-stack,"",@progbits
