#!/usr/bin/env bash
# Thread switches per round trip of `hop`, `task-floor` and `effect-roundtrip`, counted with
# `perf stat -e context-switches` (a software event: it works on VMs without hardware counters).
#
#   Benchmarks/InstructionCounts/switches.sh [N]
#
# Builds the `instruction-counts` executable in release, runs each case with N (default 10000)
# and 2N round trips, and prints `case switches-per-round-trip`: (S(2N) - S(N)) / N, which removes
# the process's start-up. The figures are counts of the kernel's, not of the machine's load, but
# how the threads meet still moves them a little between runs: compare cases of one run.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage="usage: switches.sh [N]   (N round trips, a whole number from 1; default 10000)"
if [[ ${1-} == -h || ${1-} == --help ]]; then
  echo "$usage"
  exit 0
fi
[[ $# -le 1 ]] || { echo "$usage" >&2; exit 2; }
count="${1:-10000}"
[[ $count =~ ^[1-9][0-9]{0,8}$ ]] || { echo "$usage" >&2; exit 2; }
command -v perf >/dev/null || { echo "switches.sh: perf is not on PATH" >&2; exit 1; }

swift build -c release --package-path "$here" >&2
executable="$(swift build -c release --package-path "$here" --show-bin-path)/instruction-counts"

# Prints the context switches of one run.
switches() {
  perf stat -x, -e context-switches "$executable" "$1" "$2" 2>&1 >/dev/null \
    | awk -F, '$3 == "context-switches" { print $1 }'
}

for name in hop task-floor effect-roundtrip; do
  single="$(switches "$name" "$count")"
  double="$(switches "$name" "$((count * 2))")"
  echo "$name $(awk -v a="$single" -v b="$double" -v n="$count" 'BEGIN { printf "%.2f", (b - a) / n }')"
done
