#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/parmacs.sh - the PARMACS programs built with parmacs/c.m4.mltp
# (pm2: the SPLASH-2 conventions, pm3: Splash-3's, pm4: where Splash-3
# programs put the macros, and workers that poll), each with P = 1, 2, 16
# and 64 workers on 1 and 2 VPs: each checks its own results and says
# "ok"; then that the macro file expands to calls only ($PARMACS_M4 and
# $PARMACS_FILE). $PARMACS_TESTS is their build directory.
set -u
dir=${PARMACS_TESTS:?PARMACS_TESTS must name tests/parmacs in the build tree}
err=$(mktemp)
trap 'rm -f "$err"' EXIT
failed=0
runs=0
for prog in pm2 pm3 pm4; do
    for vps in 1 2; do
        for p in 1 2 16 64; do
            # stdout is the result; stderr may have sanitizer notes
            out=$(MLTP_VPS=$vps timeout 60 "$dir/$prog" $p 2>"$err")
            st=$?
            runs=$((runs + 1))
            case "$st:$out" in
            "0:$prog P=$p "*" ok") ;;
            *) echo "FAIL: MLTP_VPS=$vps $prog $p: status $st: $out $(cat "$err")"; failed=1 ;;
            esac
        done
    done
    out=$("$dir/$prog" 65 2>&1)
    [ $? = 2 ] || { echo "FAIL: $prog 65: not refused ($out)"; failed=1; }
done
# A thin macro file: what a program gets from it is calls of the library,
# no code of its own (no function defined, no instruction, no system call)
# that every file would carry and that would tie it to one architecture.
if [ -n "${PARMACS_M4:-}" ] && [ -n "${PARMACS_FILE:-}" ]; then
    code=$(printf '%s\n' MAIN_ENV EXTERN_ENV 'CREATE(f, n)' 'CLOCK(t)' 'G_MALLOC(n)' \
               'LOCKDEC(l)' 'BARDEC(b)' 'PAUSEDEC(p)' 'GSDEC(g)' |
           "$PARMACS_M4" -Ulen -Uindex "$PARMACS_FILE" - |
           grep -nE 'static|inline|__asm__|asm\(|syscall|SYS_|\)[[:space:]]*$' | grep -v '^[0-9]*:#')
    [ -z "$code" ] || { echo "FAIL: the macro file expands to code of its own: $code"; failed=1; }
    runs=$((runs + 1))
fi
echo "parmacs: $runs runs"
exit $failed
