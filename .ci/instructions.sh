#!/usr/bin/env bash
# Checks the instructions per iteration of the benchmark cases in Benchmarks/InstructionCounts
# and the bytes per step of its recorded sessions (recording-bytes) against
# Benchmarks/InstructionCounts/thresholds.txt, and the live heap per object of its memory
# cases (memory.sh) against memory-thresholds.txt: callgrind's counts and the malloc counter's do
# not move with the machine's load, so a regression on the hot paths fails CI instead of waiting
# for a quiet machine. `ObservedReactor` is also held to its floor, a hand-written `@Observable`
# class, by two ratios the scripts print and the thresholds limit: `observation-tracked-ratio`
# (instructions per tracked change, count.sh) and `memory-observed-ratio` (bytes, memory.sh).
#
#   bash .ci/instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v valgrind >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq valgrind
fi

counts=$(mktemp)
details=$(mktemp)
trap 'rm -f "$counts" "$details"' EXIT

# Runs a script into $counts, its build output and per-run details into a file shown only if it
# fails.
measure() {
  if ! "$@" >>"$counts" 2>"$details"; then
    cat "$details" >&2
    echo "instructions: $1 failed" >&2
    exit 1
  fi
}
measure Benchmarks/InstructionCounts/count.sh
measure Benchmarks/InstructionCounts/memory.sh
# The JSON bytes per step of recorded sessions of 1,000 steps (`recording-bytes`, which count.sh
# built): a large state's recording must take about what its steps changed, not the state.
measure "$(swift build -c release --package-path Benchmarks/InstructionCounts --show-bin-path)/recording-bytes" 1000
cat "$counts"

# Each threshold line is a name and one limit per measured figure (instructions; or bytes, blocks).
status=0
for thresholds in Benchmarks/InstructionCounts/thresholds.txt Benchmarks/InstructionCounts/memory-thresholds.txt; do
  while read -r name limits; do
    [[ -z $name || $name == \#* ]] && continue
    measured=$(awk -v n="$name" '$1 == n { $1 = ""; print substr($0, 2) }' "$counts")
    if [[ -z $measured ]]; then
      echo "instructions: $name was not measured" >&2
      status=1
    elif ! awk -v m="$measured" -v l="$limits" -v n="$name" 'BEGIN {
      split(m, measured, " "); count = split(l, limit, " "); ok = 1
      for (i = 1; i <= count; i++) if (measured[i] + 0 > limit[i] + 0) {
        printf "instructions: %s measures %s, above its threshold %s\n", n, m, l > "/dev/stderr"; ok = 0; break
      }
      exit !ok }'; then
      status=1
    fi
  done <"$thresholds"
done
[[ $status -eq 0 ]] && echo "instructions: every case is within its thresholds (Benchmarks/InstructionCounts/*thresholds.txt)"
exit "$status"
