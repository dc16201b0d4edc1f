# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/mpi-common.sh - sourced by the MPI tests (tests/mpi.sh,
# tests/mpi_wait.sh). Under AddressSanitizer (a sanitizer build; nothing
# otherwise) LeakSanitizer skips Open MPI's own leaks (tests/lsan-mpi.supp)
# and still reports the programs' and MLTP's.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0:suppressions=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lsan-mpi.supp"

# mpi_skip_unless PROGRAM: exit 77 (automake's skip)
# with one line saying what installs it when PROGRAM was not built
# (configure found no MPI; PROGRAM may be empty) or there is no mpirun
# ($MPIRUN, configure's, else mpirun on PATH) or it is not Open MPI's.
mpi_skip_unless() {
    local install="scripts/deps --mpi installs Open MPI, then ./configure builds it"
    if [ -z "$1" ] || [ ! -x "$1" ]; then
        echo "SKIP: ${1:-the MPI test program} not built (configure found no MPI): $install"
        exit 77
    fi
    if ! command -v "${MPIRUN:-mpirun}" >/dev/null 2>&1; then
        echo "SKIP: no ${MPIRUN:-mpirun}: $install"
        exit 77
    fi
    # apps/mpirun.sh's options and the messages the tests read are its
    if ! "${MPIRUN:-mpirun}" --version 2>&1 | grep -q "Open MPI"; then
        echo "SKIP: ${MPIRUN:-mpirun} is not Open MPI's, which the MPI tests drive: $install"
        exit 77
    fi
}
