#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/splash3-lib.sh - sourced by tests/splash3.sh (make check) and
# bench/splash3.sh (make splash3-bench): the seven Splash-3 programs they
# use, how each is built with a PARMACS macro file (Splash-3's own build,
# its codes/Makefile.config edited) and run, and its digest: a hash of the
# output lines that must not depend on the thread package. Inputs, lines
# and hash are those of the team's reference runs of the programs: keep
# them so, and digests compare with theirs.
#
# Settings (environment): MLTP_SRC and MLTP_BUILD, the source and build
# trees; MLTP_CFLAGS and MLTP_LDFLAGS, what mltp.pc (and a sanitized
# library) adds to a program's CFLAGS and LDFLAGS;
# MLTP_PARMACS, the macro file under test (default: the source tree's
# parmacs/c.m4.mltp); SPLASH3, the directory that holds codes/ (default:
# shared/splash3 beside the source tree, where CI's clone has it);
# SPLASH_TIMEOUT, seconds a run may take (default 60).

# DIR:EXECUTABLE under codes/, in table order
splash3_progs=(
    apps/ocean/contiguous_partitions:OCEAN
    apps/ocean/non_contiguous_partitions:OCEAN
    kernels/fft:FFT
    kernels/lu/contiguous_blocks:LU
    kernels/radix:RADIX
    apps/water-nsquared:WATER-NSQUARED
    apps/barnes:BARNES
)
splash3_ocean_n=258     # Ocean's grid unless a run names another
splash3_timeout=${SPLASH_TIMEOUT:-60}

# splash3_name DIR: the program's short name, for tables and messages
splash3_name() {
    case $1 in
    apps/ocean/contiguous_partitions) echo ocean-contig ;;
    apps/ocean/non_contiguous_partitions) echo ocean-noncontig ;;
    kernels/lu/contiguous_blocks) echo lu-contig ;;
    *) echo "${1##*/}" ;;
    esac
}

# splash3_dir: where the programs are looked for
splash3_dir() { echo "${SPLASH3:-${MLTP_SRC:?MLTP_SRC must name the source tree}/../shared/splash3}"; }

# splash3_codes DIR: print DIR/codes (absolute) if it has Splash-3's build
# configuration, as a Splash-3 checkout and the seven programs' copy have
splash3_codes() {
    [ -f "$1/codes/Makefile.config" ] && (cd "$1/codes" && pwd)
}

# splash3_present CODES DIR: is the program in CODES?
splash3_present() { [ -f "$1/$2/Makefile" ]; }

# splash3_pthread_macros CODES: Splash-3's pthread macro file, the baseline
splash3_pthread_macros() { echo "$1/pthread_macros/pthread.m4.stougie"; }

# splash3_mltp_flags: set s3_macros, s3_cflags and s3_ldflags, what builds a
# program against the build tree's library and header (never an installed
# copy); the run-time path makes the programs find that library too
splash3_mltp_flags() {
    local src=${MLTP_SRC:?MLTP_SRC must name the source tree}
    local lib=${MLTP_BUILD:?MLTP_BUILD must name the build tree}/.libs
    s3_macros=${MLTP_PARMACS:-$src/parmacs/c.m4.mltp}
    s3_cflags="-I$src ${MLTP_CFLAGS:-}"
    s3_ldflags="-L$lib -Wl,-rpath,$lib -lmltp ${MLTP_LDFLAGS:-}"
}

# sed replacement text for a literal string
splash3_sed_esc() { printf '%s' "$1" | sed 's/[&|\\]/\\&/g'; }

# splash3_build CODES WORK MACROS CFLAGS LDFLAGS: copy Splash-3's build
# configuration and the programs present in CODES to WORK/codes, with
# MACROS (an absolute path) for its macro file and CFLAGS and LDFLAGS
# appended to its own, and build each program (log: DIR/build.log). Prints
# "DIR: first error line" for each program that does not build; status 1
# if one did not.
splash3_build() {
    local codes=$1 work=$2 macros=$3 cflags=$4 ldflags=$5 pr d bad=0 cfg
    rm -rf "$work" && mkdir -p "$work/codes" || return 1
    cfg=$work/codes/Makefile.config
    cp "$codes/Makefile.config" "$cfg" || return 1
    sed -i "s|^MACROS := .*|MACROS := $(splash3_sed_esc "$macros")|
            s|^CFLAGS := \(.*\)|CFLAGS := \1 $(splash3_sed_esc "$cflags")|
            s|^LDFLAGS := \(.*\)|LDFLAGS := \1 $(splash3_sed_esc "$ldflags")|" "$cfg"
    # unedited, every program would build with Splash-3's default macros
    if ! grep -qxF "MACROS := $macros" "$cfg"; then
        echo "codes/Makefile.config: no 'MACROS := ...' line to point at $macros"
        return 1
    fi
    for pr in "${splash3_progs[@]}"; do
        d=${pr%%:*}
        splash3_present "$codes" "$d" || continue
        mkdir -p "$work/codes/$d" && cp -r "$codes/$d/." "$work/codes/$d/" || return 1
        if ! (cd "$work/codes/$d" && make -s > build.log 2>&1) || [ ! -x "$work/codes/$d/${pr##*:}" ]; then
            echo "$(splash3_name "$d"): $(grep -m1 -i error "$work/codes/$d/build.log" || tail -n1 "$work/codes/$d/build.log")"
            bad=1
        fi
    done
    return $bad
}

# splash3_inputs CODES: set s3_macros, s3_cflags and s3_ldflags
# (splash3_mltp_flags), s3_pth_macros, and s3_missing: the files that
# building both ways needs and does not find, one a line
splash3_inputs() {
    local f
    splash3_mltp_flags
    s3_pth_macros=$(splash3_pthread_macros "$1")
    s3_missing=
    for f in "$MLTP_BUILD/.libs/libmltp.so" "$s3_macros" "$s3_pth_macros"; do
        [ -f "$f" ] || s3_missing+="${s3_missing:+$'\n'}$f not found"
    done
}

# splash3_build_both CODES WORK: after splash3_inputs, build the programs
# into WORK/pth with the pthread macros and into WORK/mltp with MLTP's, at
# once (two CPUs, half the time); print a line for each that does not build
splash3_build_both() {
    splash3_build "$1" "$2/pth" "$s3_pth_macros" "" "" > "$2/pth.err" &
    splash3_build "$1" "$2/mltp" "$s3_macros" "$s3_cflags" "$s3_ldflags" > "$2/mltp.err" &
    wait
    sed 's/^/pthreads build failed: /' "$2/pth.err"
    sed 's/^/MLTP build failed: /' "$2/mltp.err"
}

# splash3_built WORK DIR: did splash3_build make the program?
splash3_built() {
    local pr
    for pr in "${splash3_progs[@]}"; do
        [ "${pr%%:*}" = "$2" ] && [ -x "$1/codes/$2/${pr##*:}" ] && return 0
    done
    return 1
}

# splash3_filter DIR: the lines of the program's output that form its digest
splash3_filter() {
    case $1 in
    apps/ocean/*) echo 'residual norm' ;;
    kernels/fft) echo 'Checksum|difference' ;;
    kernels/lu/*) echo 'TEST PASSED|TEST FAILED' ;;
    kernels/radix) echo 'PASSED|FAILED|ERROR' ;;
    apps/water-nsquared) echo '^ +[0-9]+ +[-0-9.E+]+ +[-0-9.E+]+' ;;
    # with this input (tstop before the first dtout) BARNES prints no
    # result, only its parameters: its digest shows little more than a
    # run that started and ended well
    apps/barnes) echo '^ *[0-9.]+ +[-0-9.E+e]+ +[-0-9.E+e]+ +[-0-9.E+e]+' ;;
    esac
}

# splash3_run WORK DIR P N [VAR=VALUE or -uVAR...]: run the program built in
# WORK/codes/DIR with P workers (Ocean on an N x N grid), in its directory,
# with the variables set, behind the command in the array splash3_runner
# if any (pthread/mltp-run), and for at most $splash3_timeout seconds; output
# in WORK/codes/DIR/out. Sets s3_status (124: timed out), s3_secs (wall
# clock, s) and s3_digest ("none" if no line of the output is a digest
# line: a program that printed nothing must not pass for one that agrees).
splash3_run() {
    local work=$1 d=$2 p=$3 n=$4 pr exe args=() in=/dev/null us filt
    shift 4
    local dir=$work/codes/$d
    for pr in "${splash3_progs[@]}"; do [ "${pr%%:*}" = "$d" ] && exe=$dir/${pr##*:}; done
    case $d in
    apps/ocean/*) args=(-n"$n" -p"$p" -o) ;;
    kernels/fft) args=(-m18 -p"$p" -t) ;;
    kernels/lu/*) args=(-n512 -p"$p" -t) ;;
    kernels/radix) args=(-p"$p" -n1048576 -t) ;;
    # these read their parameters from standard input, P among them
    apps/water-nsquared) sed "3s/^ *[0-9]*/$p/" "$dir/input" > "$dir/input.$p"; in=$dir/input.$p ;;
    apps/barnes) sed "\$s/.*/$p/" "$dir/input" > "$dir/input.$p"; in=$dir/input.$p ;;
    esac
    # timed in the subshell, around timeout alone: the subshell's fork
    # and an env exec cost 2-3 ms, as much as a tenth of a 30 ms run
    read -r s3_status us < <(
        cd "$dir" || exit
        for a; do      # VAR=VALUE, or -uVAR: VAR unset
            case $a in -u*) unset "${a#-u}" ;; *) export "${a?}" ;; esac
        done
        # Under a sanitized library the programs, not MLTP, leak what they
        # allocate, read malloc'd memory they never wrote (Ocean: the
        # pthread build under ASan prints other residuals too) and overrun
        # a string (BARNES): no leak check, malloc'd memory as the kernel
        # gives it, and no checks in the string functions they call.
        export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:max_malloc_fill_size=0:replace_str=0
        t0=${EPOCHREALTIME//[.,]/}
        timeout "$splash3_timeout" ${splash3_runner[@]+"${splash3_runner[@]}"} "$exe" "${args[@]}" \
            < "$in" > "$dir/out" 2>&1
        st=$?
        t1=${EPOCHREALTIME//[.,]/}
        echo "$st $((t1 - t0))")
    [ -n "$s3_status" ] || { s3_status=127; us=0; }     # no directory
    s3_secs=$(printf '%d.%06d' $((us / 1000000)) $((us % 1000000)))
    filt=$(splash3_filter "$d")
    if grep -qE "$filt" "$dir/out"; then
        s3_digest=$(grep -E "$filt" "$dir/out" | sed 's/[Tt]ime.*//' | md5sum | cut -c1-8)
    else
        s3_digest=none
    fi
}
