#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/splash3.sh - seven unmodified Splash-3 programs (Ocean in both
# partitionings, FFT, LU, RADIX, WATER-NSQUARED, BARNES) built with the
# build tree's parmacs/c.m4.mltp and library, and with Splash-3's pthread
# macros; each run for P = 1, 2 and 16, MLTP on 1 and on 2 VPs, and the
# pthread build too under pthread/mltp-run (every pthread a ULT), on 1
# and on 2 VPs. A case passes if both builds exist, the run exits 0
# within $SPLASH_TIMEOUT seconds (here 30 unless set) and its digest
# equals the pthread build's run natively for the same P. The programs are looked for in $SPLASH3 (default: the
# directory shared/splash3 beside the source tree); without them, the test
# is skipped (status 77). About 35 s on 2 CPUs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
export MLTP_SRC=${MLTP_SRC:-$(cd "$here/.." && pwd)}
SPLASH_TIMEOUT=${SPLASH_TIMEOUT:-30}
# shellcheck source=../bench/splash3-lib.sh
. "$MLTP_SRC/bench/splash3-lib.sh"

splash3=$(splash3_dir)
if ! codes=$(splash3_codes "$splash3"); then
    echo "SKIP: Splash-3 tests skipped: no Splash-3 programs in $splash3 (no codes/Makefile.config);" \
         "run make check SPLASH3=DIR with DIR a Splash-3 checkout to run them"
    exit 77
fi
build=${MLTP_BUILD:?MLTP_BUILD must name the build tree}
failed=0
fail() { echo "FAIL: $*"; failed=1; }
splash3_inputs "$codes"
[ -z "$s3_missing" ] || { printf '%s\n' "$s3_missing" | sed 's/^/FAIL: /'; exit 1; }

start=$SECONDS
work=$(mktemp -d "$build/tests/splash3.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
while read -r line; do fail "$line"; done < <(splash3_build_both "$codes" "$work")

cases=0
for pr in "${splash3_progs[@]}"; do
    d=${pr%%:*} name=$(splash3_name "${pr%%:*}")
    if ! splash3_present "$codes" "$d"; then
        fail "$name: not in $codes"
        continue
    fi
    splash3_built "$work/pth" "$d" && splash3_built "$work/mltp" "$d" || continue
    for p in 1 2 16; do
        splash3_run "$work/pth" "$d" "$p" "$splash3_ocean_n"
        if [ "$s3_status" != 0 ] || [ "$s3_digest" = none ]; then
            fail "$name P=$p pthreads: status $s3_status, digest $s3_digest: no baseline"
            continue
        fi
        want=$s3_digest pth_secs=$s3_secs
        # MLTP's macro file; the pthread build under mltp-run
        for build_vps in mltp:1 mltp:2 pth:1 pth:2; do
            b=${build_vps%:*} vps=${build_vps#*:}
            cases=$((cases + 1))
            splash3_runner=()
            what="$name P=$p MLTP_VPS=$vps"
            if [ "$b" = pth ]; then
                splash3_runner=("$build/pthread/mltp-run")
                what="$what under mltp-run"
            fi
            splash3_run "$work/$b" "$d" "$p" "$splash3_ocean_n" MLTP_VPS=$vps
            if [ "$s3_status" = 124 ]; then
                fail "$what: timed out after $SPLASH_TIMEOUT s"
            elif [ "$s3_status" != 0 ]; then
                fail "$what: exit status $s3_status: $(tail -n1 "$work/$b/codes/$d/out")"
            elif [ "$s3_digest" != "$want" ]; then
                fail "$what: digest $s3_digest, pthreads $want"
            else
                printf 'ok: %s: digest %s, %.2f s (pthreads %.2f s)\n' "$what" "$want" "$s3_secs" "$pth_secs"
            fi
        done
        splash3_runner=()
    done
done
echo "splash3: $cases MLTP runs compared with pthreads' in $((SECONDS - start)) s"
exit $failed
