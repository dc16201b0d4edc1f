#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# apps/mpirun.sh - mpirun for ranks on this one machine, with the options
# such a run needs:
#   --allow-run-as-root   when run as root (Open MPI refuses root otherwise)
#   --oversubscribe       more ranks than CPUs is allowed
#   --bind-to none        a rank's VPs (or threads) may use every CPU: Open
#                         MPI binds each rank to one core by default for
#                         2 ranks or fewer, which would put all the VPs of
#                         a rank on one core
#   --mca btl self,vader  shared memory only: no network interfaces probed
#   --mca btl_vader_single_copy_mechanism none
#                         large messages copied through shared memory, not
#                         read across processes (process_vm_readv), which
#                         needs ptrace permission that containers often
#                         withhold; MLTP_MPI_SINGLE_COPY=cma keeps Open MPI's
#                         default
# usage: apps/mpirun.sh RANKS PROGRAM [ARGUMENTS...]
#   $MPIRUN (default: mpirun on PATH) is the mpirun, Open MPI's (another
#   MPI's is refused with a message: its options differ); $MPIRUN_FLAGS
#   adds options. The status is mpirun's.
set -euo pipefail

if [ $# -lt 2 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 RANKS PROGRAM [ARGUMENTS...]" >&2
    exit 2
fi
ranks=$1
shift
mpirun=${MPIRUN:-mpirun}
if ! command -v "$mpirun" >/dev/null 2>&1; then
    echo "$0: $mpirun not found (scripts/deps --mpi installs Open MPI)" >&2
    exit 127
fi
if ! "$mpirun" --version 2>&1 | grep -q "Open MPI"; then
    echo "$0: $mpirun is not Open MPI's, whose options this script gives;" \
         "run it as its manual says (e.g. $mpirun -n $ranks $*)" >&2
    exit 2
fi
flags=(--oversubscribe --bind-to none --mca btl self,vader)
[ "$(id -u)" -eq 0 ] && flags+=(--allow-run-as-root)
[ "${MLTP_MPI_SINGLE_COPY:-none}" = cma ] ||
    flags+=(--mca btl_vader_single_copy_mechanism none)
# shellcheck disable=SC2086 # MPIRUN_FLAGS is a list of options
exec "$mpirun" "${flags[@]}" ${MPIRUN_FLAGS:-} -np "$ranks" "$@"
