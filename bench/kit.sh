#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/kit.sh KIT - make bench-kit [KIT=DIR] [SPLASH3=DIR]: a folder that
# measures MLTP on an x86-64 Linux machine with no compiler and no
# packages (doc/bench-kit.md): bin/mltp_bench and bin/ocean relinked from
# the build tree's objects, lib/ with the installed libmltp.so.0 and every
# other shared library they use but glibc's, with SPLASH3 the seven
# Splash-3 programs of bench/splash3-lib.sh built with Splash-3's pthread
# macros and with MLTP's installed c.m4.mltp (s3/), and run.sh
# (bench/kit-run.sh). Every binary finds lib/ through its own run-time
# path ($ORIGIN), wherever the folder lies, before any other copy. The
# OpenMP rows (bench/omp.sh, run.sh's omp part): bin/omp_sync and, when
# it is built, MLTP's OpenMP runtime as lib/libmltp_omp.so (the installed
# one, else MLTP_OMP_LIB of the build tree), which run.sh LD_PRELOADs.
#
# From make (the environment): MLTP_SRC, MLTP_BUILD; MLTP_STAGE, a
# DESTDIR that `make install` filled, and MLTP_LIBDIR and
# MLTP_PKGCONFIGDIR, configure's libdir and pkgconfigdir; CC, CFLAGS,
# LDFLAGS, OPENMP_CFLAGS, PKG_CONFIG; BENCH_OBJECTS and BENCH_LIBS,
# OCEAN_OBJECTS, OMP_SYNC_OBJECTS: what links the three programs;
# MLTP_OMP_LIB, the build tree's libmltp_omp.so (relative to MLTP_BUILD).
set -euo pipefail
trap 'echo "bench-kit: line $LINENO failed" >&2' ERR
kit=${1:?usage: bench/kit.sh KIT}
: "${MLTP_SRC:?}" "${MLTP_BUILD:?}" "${MLTP_STAGE:?}" "${MLTP_LIBDIR:?}" "${MLTP_PKGCONFIGDIR:?}"
: "${CC:?}" "${BENCH_OBJECTS:?}" "${OCEAN_OBJECTS:?}" "${OMP_SYNC_OBJECTS:?}"
die() { echo "bench-kit: $*" >&2; exit 1; }

case $(uname -m) in x86_64) ;; *) die "the kit is for x86-64 Linux; this machine is $(uname -m)" ;; esac
stage_lib=$MLTP_STAGE$MLTP_LIBDIR
[ -f "$stage_lib/libmltp.so.0" ] || die "$stage_lib/libmltp.so.0 not found (make install DESTDIR=$MLTP_STAGE first)"
rm -rf "$kit"
mkdir -p "$kit/bin" "$kit/lib"
kit=$(cd "$kit" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The run-time paths, in linker response files: no $ for a shell or a
# Makefile to expand on the way. DT_RPATH (not RUNPATH): it also serves
# the libraries' own dependencies (libpapi's libpfm) and comes before
# LD_LIBRARY_PATH, so that a kit never runs with another copy.
printf '%s\n' --disable-new-dtags -rpath '$ORIGIN/../lib' > "$tmp/rpath-bin"
printf '%s\n' --disable-new-dtags -rpath '$ORIGIN/../../lib' > "$tmp/rpath-s3"

cp -L "$stage_lib/libmltp.so.0" "$kit/lib/"
cd "$MLTP_BUILD"
# shellcheck disable=SC2086 # word lists from make
{
    # mltp_bench holds MLTP itself (it times internal functions)
    $CC ${CFLAGS:-} ${OPENMP_CFLAGS:-} ${LDFLAGS:-} -o "$kit/bin/mltp_bench" $BENCH_OBJECTS \
        apps/libpar.a .libs/libmltp_core.a ${BENCH_LIBS:-} -lpthread -lm "-Wl,@$tmp/rpath-bin"
    $CC ${CFLAGS:-} ${OPENMP_CFLAGS:-} ${LDFLAGS:-} -o "$kit/bin/ocean" $OCEAN_OBJECTS \
        apps/libpar.a -L"$stage_lib" -lmltp -lpthread -lm "-Wl,@$tmp/rpath-bin"
    # OpenMP only: run on the carried libgomp and, preloaded, on libmltp_omp.so
    $CC ${CFLAGS:-} ${OPENMP_CFLAGS:-} ${LDFLAGS:-} -o "$kit/bin/omp_sync" $OMP_SYNC_OBJECTS \
        -ldl "-Wl,@$tmp/rpath-bin"
}
# MLTP's OpenMP runtime, if built: as installed, else the build tree's
omp_lib=
for l in "$stage_lib/libmltp_omp.so" "${MLTP_OMP_LIB:-/nonexistent}"; do
    [ -f "$l" ] && { omp_lib=$l; break; }
done
[ -z "$omp_lib" ] || cp -L "$omp_lib" "$kit/lib/libmltp_omp.so"

if [ -n "${SPLASH3:-}" ]; then
    # shellcheck source=splash3-lib.sh
    . "$MLTP_SRC/bench/splash3-lib.sh"
    codes=$(splash3_codes "$SPLASH3") || die "SPLASH3=$SPLASH3: no codes/Makefile.config there"
    # built as a user of the installed MLTP builds them: its mltp.pc
    export PKG_CONFIG_PATH=$MLTP_STAGE$MLTP_PKGCONFIGDIR PKG_CONFIG_SYSROOT_DIR=$MLTP_STAGE
    pc=${PKG_CONFIG:-pkg-config}
    macros=$($pc --variable=parmacs mltp) || die "pkg-config finds no mltp.pc"
    # pkgconf puts the sysroot before a path-like variable, pkg-config not
    [[ $macros = "$MLTP_STAGE"/* ]] || macros=$MLTP_STAGE$macros
    [ -f "$macros" ] || die "$macros (the installed c.m4.mltp) not found"
    splash3_build "$codes" "$tmp/pthread" "$(splash3_pthread_macros "$codes")" "" "" \
        > "$tmp/pthread.err" &
    splash3_build "$codes" "$tmp/mltp" "$macros" "$($pc --cflags mltp)" \
        "$($pc --libs mltp) -Wl,@$tmp/rpath-s3" > "$tmp/mltp.err" &
    wait
    sed 's/^/bench-kit: pthreads build failed: /' "$tmp/pthread.err" >&2
    sed 's/^/bench-kit: MLTP build failed: /' "$tmp/mltp.err" >&2
    [ ! -s "$tmp/pthread.err" ] && [ ! -s "$tmp/mltp.err" ] || exit 1
    for pr in "${splash3_progs[@]}"; do
        d=${pr%%:*} exe=${pr##*:}
        splash3_present "$codes" "$d" || continue
        to=$kit/s3/$(splash3_name "$d")
        mkdir -p "$to"
        cp "$tmp/pthread/codes/$d/$exe" "$to/$exe.pthread"
        cp "$tmp/mltp/codes/$d/$exe" "$to/$exe.mltp"
        for f in input inputs random.in; do
            [ ! -e "$codes/$d/$f" ] || cp -r "$codes/$d/$f" "$to/"
        done
    done
    cp "$MLTP_SRC/bench/splash3-lib.sh" "$kit/"
fi

bins=$(find "$kit/bin" $([ ! -d "$kit/s3" ] || echo "$kit/s3") -type f -perm -u+x | sort)
omp=$([ ! -f "$kit/lib/libmltp_omp.so" ] || echo "$kit/lib/libmltp_omp.so")
# glibc's own libraries: the target's
export GLIBC_LIBS='/(libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|libanl|ld-linux[^/]*)\.so'
# every other shared library they use, where this machine finds it
# shellcheck disable=SC2086
for b in $bins $omp; do env -u LD_LIBRARY_PATH ldd "$b"; done |
    awk '$2 == "=>" && $3 ~ /^\// && $3 !~ ENVIRON["GLIBC_LIBS"] { print $3 }' | sort -u |
    while read -r l; do
        [ -e "$kit/lib/${l##*/}" ] || cp -L "$l" "$kit/lib/"
    done
# and each must now come from lib/, also under the preload as run.sh
# does it (LD_LIBRARY_PATH lib/: libtool may give the runtime a RUNPATH,
# which the loader reads instead of the program's RPATH for its needs)
for b in $bins ${omp:+omp_sync+preload}; do
    if [ "$b" = omp_sync+preload ]; then
        LD_PRELOAD=$omp LD_LIBRARY_PATH=$kit/lib ldd "$kit/bin/omp_sync"
    else
        env -u LD_LIBRARY_PATH ldd "$b"
    fi | while read -r name arrow path _; do
        [ "$arrow" = "=>" ] || continue
        [ "$path" != not ] || die "$b: $name not found"
        [[ $path =~ $GLIBC_LIBS || $(readlink -f "$path") = "$kit"/lib/* ]] ||
            die "$b uses $path, not the kit's"
    done
done

# the newest glibc symbol version any of them needs
need=$(for f in $bins "$kit"/lib/*; do objdump -T "$f"; done 2>/dev/null |
       grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1)
cp "$MLTP_SRC/bench/kit-run.sh" "$kit/run.sh"
cp "$MLTP_SRC/bench/common.sh" "$MLTP_SRC/bench/omp.sh" "$kit/"
chmod +x "$kit/run.sh"
{
    echo "MLTP benchmark kit: bash run.sh (OUT=DIR BUDGET=S QUICK=1); doc/bench-kit.md in MLTP's tree"
    echo "made $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -n), $(uname -m) Linux $(uname -r)"
    echo "MLTP commit: $(cd "$MLTP_SRC" && git describe --always --dirty 2>/dev/null || echo '(not a git tree)')"
    echo "compiler: $($CC --version | head -n 1)"
    echo "glibc: needs $need or newer (built with $(getconf GNU_LIBC_VERSION 2>/dev/null || echo unknown))"
    echo "carried: $(cd "$kit/lib" && echo *)"
    echo "OpenMP runtime: ${omp_lib:-none (the OpenMP rows are skipped)}"
    echo "Splash-3: $([ -d "$kit/s3" ] && (cd "$kit/s3" && echo *) || echo none)"
} > "$kit/BUILD.txt"
echo "$need" > "$kit/lib/glibc-needed"
echo "bench-kit: $kit, $(du -sh "$kit" | cut -f1), needs glibc $need or newer"
