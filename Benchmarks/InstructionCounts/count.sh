#!/usr/bin/env bash
# Instructions per iteration of the benchmark cases, counted with valgrind's callgrind.
#
#   Benchmarks/InstructionCounts/count.sh [case ...]
#
# Builds the `instruction-counts` executable in release, runs each case under callgrind with N
# and with 2N iterations, and prints one line per case: `case instructions-per-iteration`, where
# the count is (I(2N) - I(N)) / N: the difference removes the process's startup and the fixture's
# setup. With no arguments, every case runs. Also prints `observation-tracked-ratio`, the
# instructions of `observation-tracked-change` over `observation-floor`, when both ran.
#
# Environment:
#   REACTORFLOW_PATH  a ReactorFlow checkout to measure instead of the one this script is in: the
#                     package is copied into a work directory with its dependency pointed there
#                     (the copy and its build are kept between runs, one per checkout).
#   REPEATS           how many N/2N pairs to run per case; the median is printed. Default: 5 for
#                     effect-roundtrip (how its two threads interleave under valgrind moves each
#                     pair's figure by up to about 1.5 %, and the median of five by up to about
#                     1 % between invocations), 3 for effects-10000, effects-start and
#                     effects-cancel (whose 10,000 to 20,000 effect bodies start on worker threads,
#                     and move each total by a few million instructions), 1 for the others (their
#                     totals repeat to within a hundred instructions: a ten-thousandth of an
#                     instruction per iteration).
#   KEEP              a directory to keep the callgrind output files in (default: a temporary one,
#                     removed at the end).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Each case, its N (the harness case's own iteration count, or the recording cases' own) and the
# executable that runs it, when it is not instruction-counts.
all_cases=(
  "counter-sync 1000000"
  "keypath-observer 1000000"
  "counter-fanout 100000"
  "observation-bridge 1000000"
  "observation-tracked-change 10000"
  "observation-floor 10000"
  "effect-roundtrip 10000"
  "children-1000 100000"
  "inspect 100000"
  "log-changes 2000"
  "log-changes-closure 2000"
  "trace-recorder 10000"
  "trace-entries 10000"
  "recording 100000 recording-counts"
  "replay-step 200000 recording-counts"
  "shared-fanout 2000"
  "eventbus-fanout 500"
  "state-10 100000"
  "state-1000 100000"
  "state-100000 1000"
  "state-inout-10 100000"
  "state-inout-1000 100000"
  "state-inout-100000 100000"
  "inspect-inout-10 10000"
  "inspect-inout-100000 1000"
  "log-changes-inout-10 2000"
  "log-changes-inout-100000 100"
  "reactorkit-state-10 100000"
  "reactorkit-state-100000 1000"
  "reactors-1 100000"
  "reactors-10 100000"
  "reactors-100 100000"
  "reactors-1000 100000"
  "effects-1 1000000"
  "effects-100 1000000"
  "effects-10000 1000000"
  "effects-start 10000"
  "effects-cancel 10000"
  "generated-step 10000"
)

log() { echo "$@" >&2; }

command -v valgrind >/dev/null || { log "count.sh: valgrind is not on PATH"; exit 1; }

# Which cases.
# shellcheck source=cases.sh
source "$here/cases.sh"
select_cases count.sh "$@"

# Which ReactorFlow, and where the package is built.
if [ -n "${REACTORFLOW_PATH:-}" ]; then
  root="$(cd "$REACTORFLOW_PATH" && pwd)"
  [ -f "$root/Package.swift" ] || { log "count.sh: no Package.swift in $root"; exit 1; }
  key="$(printf '%s' "$root" | cksum | cut -d ' ' -f 1)"
  package="${TMPDIR:-/tmp}/reactorflow-instruction-counts-$key"
  mkdir -p "$package"
  rm -rf "$package/Sources"
  # -L: the fixtures are symbolic links into the harness's sources, relative ones that would not
  # resolve from the copy.
  cp -RL "$here/Sources" "$package/Sources"
  # The dependency's path, rewritten to the checkout (an absolute path; `|` cannot be in it here).
  sed "s|path: \"\\.\\./\\.\\.\"|path: \"$root\"|" "$here/Package.swift" >"$package/Package.swift.new"
  grep -q "path: \"$root\"" "$package/Package.swift.new" \
    || { log "count.sh: could not point Package.swift at $root"; exit 1; }
  # Rewritten only when it changed, so that the build stays incremental.
  if cmp -s "$package/Package.swift.new" "$package/Package.swift"; then
    rm "$package/Package.swift.new"
  else
    mv "$package/Package.swift.new" "$package/Package.swift"
  fi
else
  root="$(cd "$here/../.." && pwd)"
  package="$here"
fi
revision="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "not a git checkout")"
if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
  revision="$revision with uncommitted changes"
fi
log "ReactorFlow: $root ($revision)"

log "Building $package in release..."
swift build -c release --package-path "$package" >&2
bin="$(swift build -c release --package-path "$package" --show-bin-path)"

if [ -n "${KEEP:-}" ]; then
  out="$KEEP"
  mkdir -p "$out"
else
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi

# Same hash seeds in every run: Swift seeds `Hasher` randomly per process otherwise.
export SWIFT_DETERMINISTIC_HASHING=1

# Runs one case under callgrind and prints its total instruction count.
total() {
  local name="$1" count="$2" run="$3" executable="$4"
  local file="$out/$name.$count.$run.callgrind"
  if ! valgrind --tool=callgrind --callgrind-out-file="$file" "$bin/$executable" "$name" "$count" \
    >"$out/$name.$count.$run.stdout" 2>"$out/$name.$count.$run.stderr"; then
    log "count.sh: $name $count failed under valgrind:"
    tail -n 20 "$out/$name.$count.$run.stderr" >&2
    exit 1
  fi
  # `summary:` holds the total of the collected events (Ir only); `totals:` is the same number.
  local instructions
  instructions="$(awk '/^summary:/ { print $2; exit }' "$file")"
  [ -n "$instructions" ] || instructions="$(awk '/^totals:/ { print $2; exit }' "$file")"
  [ -n "$instructions" ] || { log "count.sh: no summary in $file"; exit 1; }
  echo "$instructions"
}

start=$SECONDS
declare -A medians
for entry in "${selected[@]}"; do
  read -r name count executable <<<"$entry"
  executable="${executable:-instruction-counts}"
  if [ -n "${REPEATS:-}" ]; then
    repeats="$REPEATS"
  elif [ "$name" = "effect-roundtrip" ]; then
    repeats=5
  elif [ "$name" = "effects-10000" ] || [ "$name" = "effects-start" ] || [ "$name" = "effects-cancel" ]; then
    repeats=3
  else
    repeats=1
  fi
  values=()
  for run in $(seq 1 "$repeats"); do
    single="$(total "$name" "$count" "$run" "$executable")"
    double="$(total "$name" "$((count * 2))" "$run" "$executable")"
    value="$(awk -v a="$single" -v b="$double" -v n="$count" 'BEGIN { printf "%.1f", (b - a) / n }')"
    log "  $name run $run: I($count) = $single, I($((count * 2))) = $double: $value per iteration"
    values+=("$value")
  done
  median="$(printf '%s\n' "${values[@]}" | sort -g | awk '{ v[NR] = $1 } END {
    if (NR % 2) printf "%.1f", v[(NR + 1) / 2]; else printf "%.1f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
  if [ "$repeats" -gt 1 ]; then
    log "  $name: median $median of $repeats, from $(printf '%s\n' "${values[@]}" | sort -g | head -n 1)" \
      "to $(printf '%s\n' "${values[@]}" | sort -g | tail -n 1)"
  fi
  echo "$name $median"
  medians[$name]="$median"
done
if [ -n "${medians[observation-tracked-change]:-}" ] && [ -n "${medians[observation-floor]:-}" ]; then
  awk -v a="${medians[observation-tracked-change]}" -v b="${medians[observation-floor]}" \
    'BEGIN { printf "observation-tracked-ratio %.3f\n", a / b }'
fi
log "($((SECONDS - start)) s under valgrind)"
