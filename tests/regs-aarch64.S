/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * regs-aarch64.S - callee-saved register checker for test_ult (AAPCS64).
 *
 * long regs_call_preserving(void (*fn)(void));
 * long regs_call_preserving_seed(void (*fn)(void), unsigned long seed);
 *
 * Save the caller's callee-saved registers, load distinctive patterns
 * (derived from seed) into x19-x29 and d8-d15, call fn, then compare each
 * register with its pattern. Returns a bitmask of the registers that
 * changed (bit 0 x19 ... bit 10 x29, bit 11 d8 ... bit 18 d15; 0 = all
 * preserved), after restoring the caller's real values.
 *
 * void regs_clobber_x21(void);  deliberately breaks the ABI (changes x21,
 * bit 2) so the test can prove the checker detects a clobber.
 */
#if defined(__aarch64__)

/* x9 = pattern k ^ seed (x1) */
        .macro PATTERN k
        ldr     x9, =\k
        eor     x9, x9, x1
        .endm
        .macro SETX reg, k
        PATTERN \k
        mov     \reg, x9
        .endm
        .macro SETD reg, k
        PATTERN \k
        fmov    \reg, x9
        .endm
        .macro CHECKX reg, k, bit
        PATTERN \k
        cmp     \reg, x9
        b.eq    1f
        orr     x0, x0, #(1 << \bit)
1:
        .endm
        .macro CHECKD reg, k, bit
        PATTERN \k
        fmov    x10, \reg
        cmp     x10, x9
        b.eq    1f
        orr     x0, x0, #(1 << \bit)
1:
        .endm

        .text
        .globl  regs_call_preserving
        .type   regs_call_preserving, %function
regs_call_preserving:
        ldr     x1, =0x0123456789abcdef
        b       regs_call_preserving_seed
        .ltorg
        .size   regs_call_preserving, .-regs_call_preserving

        .globl  regs_call_preserving_seed
        .type   regs_call_preserving_seed, %function
regs_call_preserving_seed:
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
        stp     x0, x1, [sp, #160]      /* fn, seed */

        SETX    x19, 0x1919b0b0f00d1919
        SETX    x20, 0x2020cafe7e572020
        SETX    x21, 0x2121deadbeef2121
        SETX    x22, 0x2222a5a55a5a2222
        SETX    x23, 0x23230f0ff0f02323
        SETX    x24, 0x2424c3c33c3c2424
        SETX    x25, 0x2525966969962525
        SETX    x26, 0x2626123443212626
        SETX    x27, 0x2727fedccdef2727
        SETX    x28, 0x2828abcddcba2828
        SETX    x29, 0x29290bb00bb02929
        SETD    d8, 0x3ff0000000000008
        SETD    d9, 0x4009999999999999
        SETD    d10, 0xc00a0a0a0a0a0a0a
        SETD    d11, 0x7ff8000000000b0b
        SETD    d12, 0x000c0c0c0c0c0c0c
        SETD    d13, 0x8000d0d0d0d0d0d0
        SETD    d14, 0x41e0e0e0e0e0e0e0
        SETD    d15, 0xbff0f0f0f0f0f0f0

        ldr     x9, [sp, #160]
        blr     x9

        ldr     x1, [sp, #168]
        mov     x0, #0
        CHECKX  x19, 0x1919b0b0f00d1919, 0
        CHECKX  x20, 0x2020cafe7e572020, 1
        CHECKX  x21, 0x2121deadbeef2121, 2
        CHECKX  x22, 0x2222a5a55a5a2222, 3
        CHECKX  x23, 0x23230f0ff0f02323, 4
        CHECKX  x24, 0x2424c3c33c3c2424, 5
        CHECKX  x25, 0x2525966969962525, 6
        CHECKX  x26, 0x2626123443212626, 7
        CHECKX  x27, 0x2727fedccdef2727, 8
        CHECKX  x28, 0x2828abcddcba2828, 9
        CHECKX  x29, 0x29290bb00bb02929, 10
        CHECKD  d8, 0x3ff0000000000008, 11
        CHECKD  d9, 0x4009999999999999, 12
        CHECKD  d10, 0xc00a0a0a0a0a0a0a, 13
        CHECKD  d11, 0x7ff8000000000b0b, 14
        CHECKD  d12, 0x000c0c0c0c0c0c0c, 15
        CHECKD  d13, 0x8000d0d0d0d0d0d0, 16
        CHECKD  d14, 0x41e0e0e0e0e0e0e0, 17
        CHECKD  d15, 0xbff0f0f0f0f0f0f0, 18

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
        .ltorg
        .size   regs_call_preserving_seed, .-regs_call_preserving_seed

        .globl  regs_clobber_x21
        .type   regs_clobber_x21, %function
regs_clobber_x21:
        ldr     x21, =0x7777777777777777
        ret
        .ltorg
        .size   regs_clobber_x21, .-regs_clobber_x21

#endif

        .section .note.GNU-stack,"",%progbits
