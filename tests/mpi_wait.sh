#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/mpi_wait.sh - mltp_mpi.h's waits (tests/mpi_wait.c says what each
# case checks) on 1, 2 and 4 ranks, through apps/mpirun.sh. Skipped
# (status 77) when configure found no MPI, so that tests/mpi_wait is not
# built, or there is no mpirun. $MPI_WAIT is tests/mpi_wait (empty without
# MPI), $MPIRUN_SH apps/mpirun.sh, $MPIRUN configure's mpirun. 1-2 s.
set -u
prog=${MPI_WAIT-}
mpirun_sh=${MPIRUN_SH:?MPIRUN_SH must name apps/mpirun.sh}
. "$(dirname "$0")/mpi-common.sh"
mpi_skip_unless "$prog"

failed=0
for ranks in 1 2 4; do
    # the program ends itself after 30 s (alarm); this is for mpirun
    out=$(timeout 60 bash "$mpirun_sh" "$ranks" "$prog" 2>&1)
    st=$?
    if [ "$st" -eq 0 ] && grep -qxF "mpi_wait: $ranks rank(s): passed" <<<"$out"; then
        echo "$ranks rank(s): passed"
    else
        echo "FAIL: $ranks rank(s): status $st:"
        printf '%s\n' "$out"
        failed=1
    fi
done
exit $failed
