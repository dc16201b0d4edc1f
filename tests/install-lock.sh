# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/install-lock.sh - sourced. make install relinks libmltp_omp in
# the build tree (libtool renames omp/.libs/libmltp_omp.so.0.0.0 away
# while it links the copy to install), so a program that loads the build
# tree's library then finds none. tests/docs.sh installs under an
# exclusive flock of $MLTP_INSTALL_LOCK; the scripts that load the build
# tree's libmltp_omp (tests/openmp.sh and the OpenMP suites) hold a shared
# one while they run. Unset, or no flock(1): no lock.

# install_lock_shared: the shared lock, held by a child that ends within
# a second of this script; returns once it is held. The child is no job
# of the script's (a `wait` for its tests would wait for it) and holds
# none of its output.
install_lock_shared() {
    local lock=${MLTP_INSTALL_LOCK:-} marker
    [ -n "$lock" ] && command -v flock > /dev/null || return 0
    marker=$(mktemp -u "${TMPDIR:-/tmp}/mltp-lock.XXXXXX")
    (
        flock -s 9 && : > "$marker"
        while kill -0 $$ 2> /dev/null; do sleep 1; done
    ) 9>> "$lock" < /dev/null > /dev/null 2>&1 &
    disown $!
    while [ ! -e "$marker" ]; do sleep 0.05; done
    rm -f "$marker"
}

# install_locked CMD...: CMD under the exclusive lock
install_locked() {
    local lock=${MLTP_INSTALL_LOCK:-}
    if [ -n "$lock" ] && command -v flock > /dev/null; then
        flock -x "$lock" "$@"
    else
        "$@"
    fi
}
