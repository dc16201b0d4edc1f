#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/parmacs.sh - the PARMACS programs built with parmacs/c.m4.mltp
# (pm2: the SPLASH-2 conventions, pm3: Splash-3's, pm4: where Splash-3
# programs put the macros, and workers that poll), each with P = 1, 2, 16
# and 64 workers on 1 and 2 VPs: each checks its own results and says
# "ok". $PARMACS_TESTS is their build directory.
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
echo "parmacs: $runs runs"
exit $failed
