#!/usr/bin/env bash
# Checks the instructions per iteration of the benchmark cases in Benchmarks/InstructionCounts
# against Benchmarks/InstructionCounts/thresholds.txt: callgrind's counts do not move with the
# machine's load, so a regression on the hot paths fails CI instead of waiting for a quiet machine.
#
#   bash .ci/instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v valgrind >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq valgrind
fi

thresholds=Benchmarks/InstructionCounts/thresholds.txt
counts=$(mktemp)
details=$(mktemp)
trap 'rm -f "$counts" "$details"' EXIT
# count.sh's build output and per-run totals go to a file, shown only if it fails.
if ! Benchmarks/InstructionCounts/count.sh >"$counts" 2>"$details"; then
  cat "$details" >&2
  echo "instructions: count.sh failed" >&2
  exit 1
fi
cat "$counts"

status=0
while read -r name limit; do
  [[ -z $name || $name == \#* ]] && continue
  measured=$(awk -v n="$name" '$1 == n { print $2 }' "$counts")
  if [[ -z $measured ]]; then
    echo "instructions: $name was not measured" >&2
    status=1
  elif awk -v m="$measured" -v l="$limit" 'BEGIN { exit !(m > l) }'; then
    echo "instructions: $name takes $measured instructions per iteration, above its threshold $limit" >&2
    status=1
  fi
done <"$thresholds"
[[ $status -eq 0 ]] && echo "instructions: every case is within its threshold ($thresholds)"
exit "$status"
