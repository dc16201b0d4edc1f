/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/vargs-aarch64.S - a call with mltp_vcreate's arguments (AAPCS64):
 * the registers and stack words of a direct call f(a0, a1, ...), built by
 * ult/vcreate.c from the caller's register image (sched/vcreate-*.S). */
        .text

/* void *ult_call_vargs(void *f, const struct ult_vargs *va)
 * struct ult_vargs: gpr[8] @0, d[8] @64, nstack @128, stack[] @136 */
        .globl  ult_call_vargs
        .hidden ult_call_vargs
        .type   ult_call_vargs, %function
        .p2align 4
ult_call_vargs:
        .cfi_startproc
        stp     x29, x30, [sp, #-32]!
        .cfi_def_cfa_offset 32
        .cfi_offset x29, -32
        .cfi_offset x30, -24
        mov     x29, sp
        .cfi_def_cfa_register x29
        stp     x19, x20, [sp, #16]
        .cfi_offset x19, -16
        .cfi_offset x20, -8
        mov     x19, x0                 /* f */
        mov     x20, x1                 /* va */
        ldr     x9, [x20, #128]         /* nstack */
        add     x10, x9, #1
        and     x10, x10, #-2           /* whole 16-byte units */
        sub     sp, sp, x10, lsl #3     /* stays 16-byte aligned */
        add     x12, x20, #136
        mov     x11, #0
1:      cmp     x11, x9
        b.hs    2f
        ldr     x13, [x12, x11, lsl #3]
        str     x13, [sp, x11, lsl #3]
        add     x11, x11, #1
        b       1b
2:      ldp     d0, d1, [x20, #64]
        ldp     d2, d3, [x20, #80]
        ldp     d4, d5, [x20, #96]
        ldp     d6, d7, [x20, #112]
        ldp     x0, x1, [x20]
        ldp     x2, x3, [x20, #16]
        ldp     x4, x5, [x20, #32]
        ldp     x6, x7, [x20, #48]
        blr     x19
        mov     sp, x29
        ldp     x19, x20, [sp, #16]
        ldp     x29, x30, [sp], #32
        .cfi_restore x19
        .cfi_restore x20
        .cfi_restore x29
        .cfi_restore x30
        .cfi_def_cfa sp, 0
        ret
        .cfi_endproc
        .size   ult_call_vargs, .-ult_call_vargs

        .section .note.GNU-stack,"",%progbits
