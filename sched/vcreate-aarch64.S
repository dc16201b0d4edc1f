/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/vcreate-aarch64.S - mltp_vcreate's entry (AAPCS64). A variadic
 * call passes integers in x2-x7 (after f and nbytes), doubles in d0-d7
 * (no count of them), the rest on the stack in 8-byte slots. Keep that
 * register image (struct ult_vregs) so that the thread function gets the
 * arguments exactly as a direct call would have passed them
 * (ult/vcreate.c). */
        .text

/* mltp_t *mltp_vcreate(mltp_vuserf_t *f, int nbytes, ...)
 * struct ult_vregs at sp + 16: gpr[6] @0, d[8] @48, stack @112 */
        .globl  mltp_vcreate
        .type   mltp_vcreate, %function
        .p2align 4
mltp_vcreate:
        .cfi_startproc
        stp     x29, x30, [sp, #-144]!
        .cfi_def_cfa_offset 144
        .cfi_offset x29, -144
        .cfi_offset x30, -136
        mov     x29, sp
        stp     x2, x3, [sp, #16]
        stp     x4, x5, [sp, #32]
        stp     x6, x7, [sp, #48]
        stp     d0, d1, [sp, #64]
        stp     d2, d3, [sp, #80]
        stp     d4, d5, [sp, #96]
        stp     d6, d7, [sp, #112]
        add     x9, sp, #144            /* the caller's stack arguments */
        str     x9, [sp, #128]
        add     x2, sp, #16
        bl      sched_vcreate_regs      /* (f, nbytes, &vregs) */
        ldp     x29, x30, [sp], #144
        .cfi_restore x29
        .cfi_restore x30
        .cfi_def_cfa_offset 0
        ret
        .cfi_endproc
        .size   mltp_vcreate, .-mltp_vcreate

        .section .note.GNU-stack,"",%progbits
