/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/vcreate-x86_64.S - mltp_vcreate's entry (x86-64 SysV). A variadic
 * call passes integers in rdx rcx r8 r9 (after f and nbytes), doubles in
 * xmm0-7 with their count in %al, the rest on the stack. Keep that register
 * image (struct ult_vregs) so that the thread function gets the arguments
 * exactly as a direct call would have passed them (ult/vcreate.c). */
        .text

/* mltp_t *mltp_vcreate(mltp_vuserf_t *f, int nbytes, ...) */
        .globl  mltp_vcreate
        .type   mltp_vcreate, @function
        .p2align 4
mltp_vcreate:
        .cfi_startproc
        subq    $120, %rsp              /* struct ult_vregs (112) + align */
        .cfi_adjust_cfa_offset 120
        movq    %rdx, 0(%rsp)
        movq    %rcx, 8(%rsp)
        movq    %r8, 16(%rsp)
        movq    %r9, 24(%rsp)
        .irp    n, 0, 1, 2, 3, 4, 5, 6, 7
        movsd   %xmm\n, 32 + 8 * \n(%rsp)
        .endr
        movzbl  %al, %eax
        movq    %rax, 96(%rsp)
        leaq    128(%rsp), %rax         /* caller's stack arguments */
        movq    %rax, 104(%rsp)
        movq    %rsp, %rdx
        call    sched_vcreate_regs  /* (f, nbytes, &vregs) */
        addq    $120, %rsp
        .cfi_adjust_cfa_offset -120
        ret
        .cfi_endproc
        .size   mltp_vcreate, .-mltp_vcreate

        .section .note.GNU-stack,"",@progbits
