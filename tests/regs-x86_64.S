/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * regs-x86_64.S - callee-saved register checker for test_ult.
 *
 * long regs_call_preserving(void (*fn)(void));
 * long regs_call_preserving_seed(void (*fn)(void), unsigned long seed);
 *
 * Save the caller's callee-saved registers, load distinctive patterns
 * (derived from seed) into rbx, rbp, r12, r13, r14 and r15, call fn with a
 * 16-byte aligned stack, then compare each register with its pattern.
 * Returns a bitmask of the registers that changed (bit 0 rbx, 1 rbp,
 * 2 r12, 3 r13, 4 r14, 5 r15; 0 = all preserved), after restoring the
 * caller's real values.
 *
 * void regs_clobber_r12(void);  deliberately breaks the ABI (changes r12)
 * so the test can prove the checker detects a clobber.
 */
#if defined(__x86_64__)

#define K_RBX $0x5b5b0000b0b0f00d
#define K_RBP $0x0bb0cafe7e571234
#define K_R12 $0x1212deadbeef1212
#define K_R13 $0x1313a5a55a5a1313
#define K_R14 $0x14140f0ff0f01414
#define K_R15 $0x1515c3c33c3c1515

        .text
        .globl  regs_call_preserving
        .type   regs_call_preserving, @function
regs_call_preserving:
        movabsq $0x0123456789abcdef, %rsi
        jmp     regs_call_preserving_seed
        .size   regs_call_preserving, .-regs_call_preserving

        .globl  regs_call_preserving_seed
        .type   regs_call_preserving_seed, @function
regs_call_preserving_seed:
        /* at entry rsp = 8 mod 16 */
        pushq   %rbp
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        subq    $24, %rsp               /* 6*8 + 24 = 72: rsp = 0 mod 16 */
        movq    %rdi, 0(%rsp)           /* fn */
        movq    %rsi, 8(%rsp)           /* seed */

        movabsq K_RBX, %rbx
        xorq    %rsi, %rbx
        movabsq K_RBP, %rbp
        xorq    %rsi, %rbp
        movabsq K_R12, %r12
        xorq    %rsi, %r12
        movabsq K_R13, %r13
        xorq    %rsi, %r13
        movabsq K_R14, %r14
        xorq    %rsi, %r14
        movabsq K_R15, %r15
        xorq    %rsi, %r15

        movq    0(%rsp), %rax
        call    *%rax

        movq    8(%rsp), %rsi
        xorl    %eax, %eax

        movabsq K_RBX, %rcx
        xorq    %rsi, %rcx
        cmpq    %rcx, %rbx
        je      1f
        orq     $1, %rax
1:      movabsq K_RBP, %rcx
        xorq    %rsi, %rcx
        cmpq    %rcx, %rbp
        je      2f
        orq     $2, %rax
2:      movabsq K_R12, %rcx
        xorq    %rsi, %rcx
        cmpq    %rcx, %r12
        je      3f
        orq     $4, %rax
3:      movabsq K_R13, %rcx
        xorq    %rsi, %rcx
        cmpq    %rcx, %r13
        je      4f
        orq     $8, %rax
4:      movabsq K_R14, %rcx
        xorq    %rsi, %rcx
        cmpq    %rcx, %r14
        je      5f
        orq     $16, %rax
5:      movabsq K_R15, %rcx
        xorq    %rsi, %rcx
        cmpq    %rcx, %r15
        je      6f
        orq     $32, %rax
6:
        addq    $24, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
        popq    %rbp
        ret
        .size   regs_call_preserving_seed, .-regs_call_preserving_seed

        .globl  regs_clobber_r12
        .type   regs_clobber_r12, @function
regs_clobber_r12:
        movabsq $0x7777777777777777, %r12
        ret
        .size   regs_clobber_r12, .-regs_clobber_r12

#endif

        .section .note.GNU-stack,"",@progbits
