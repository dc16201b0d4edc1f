#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/common.sh - sourced by the benchmark scripts that run programs
# (apps/bench.sh, bench/splash3.sh, a bench kit's run.sh): the median of a
# list of times and the name of the machine, so that every table says the
# same things the same way.

# median X...: the middle value (the lower of the two middle ones)
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# cpu_model: the CPU's model name, as /proc/cpuinfo gives it
cpu_model() { sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1; }

# machine: "N CPUs (model)", for the line that heads a table
machine() { echo "$(nproc) CPUs ($(cpu_model))"; }
