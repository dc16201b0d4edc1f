#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/failures.sh - each failed test's own failure lines (Check's
# ":LINE:F:" and ":LINE:E:"), then the last lines of its log, for the
# test logs in the given folders (default: tests). Printed where a reader
# of a cut-down CI log still sees them (.ci/run, tests/environments.sh).
#   tests/failures.sh [DIR...]
# Exit status 0 if any test had failed, 1 if none.
found=1
for dir in "${@:-tests}"; do
    for trs in "$dir"/*.trs; do
        [ -f "$trs" ] && grep -Eq '^:test-result: (FAIL|ERROR)' "$trs" || continue
        found=0
        log=${trs%.trs}.log
        echo "==================== failed: $log (its failures, then its last lines)"
        grep -E ':[0-9]+:[EF]:' "$log" || true
        tail -n 20 "$log"
    done
done
exit "$found"
