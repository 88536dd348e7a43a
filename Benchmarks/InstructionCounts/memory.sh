#!/usr/bin/env bash
# Live heap bytes and blocks per object of eleven cases: a reactor with one key-path observer, a
# sleeping `.run` effect on `ContinuousClock`, on a `TestClock` and made cancellable by id, an
# `ObservedReactor` and its floor (a hand-written `@Observable` class that owns a reactor), and
# five floors of a sleeping effect: tasks asleep without ReactorFlow.
#
#   Benchmarks/InstructionCounts/memory.sh [--sizes] [case ...]
#
# Builds the `instruction-counts` executable in release and malloc-counter.c with `cc` (or clang), runs each
# case with the counter preloaded (Linux: LD_PRELOAD), and prints `case bytes blocks` per object.
# Each case makes N objects to warm up, then N more, and divides what the second N added: the
# counts are taken at the malloc interface, so they do not move with the machine's load. The
# effects' and tasks' bodies go to sleep on other threads, so those cases wait until the heap stops
# moving (by less than 1 KB in each of three readings 20 ms apart). Also prints `memory-observed-ratio`, the bytes of
# `memory-observed` over `memory-observed-floor`, and `memory-effect-over-floor`, the bytes
# `memory-effect` takes beyond `memory-task-sleep-body`: what ReactorFlow adds to the runtime's own
# sleeping task of the same shape. `--sizes` also prints, under each case, the
# blocks per object it added by size (16-byte classes), to see which allocations an object takes.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Each case and its N.
all_cases=(
  "memory-reactor 10000"
  "memory-effect 10000"
  "memory-effect-testclock 10000"
  "memory-effect-cancellable 10000"
  "memory-observed 10000"
  "memory-observed-floor 10000"
  "memory-task-sleep 10000"
  "memory-task-sleep-detached 10000"
  "memory-task-sleep-continuation 10000"
  "memory-task-sleep-body 10000"
  "memory-task-sleep-body-continuation 10000"
)

log() { echo "$@" >&2; }

[ "$(uname -s)" = Linux ] || { log "memory.sh: needs Linux (glibc, LD_PRELOAD)"; exit 1; }
# Any C compiler: the Swift toolchain brings clang.
compiler="$(command -v cc || command -v clang || true)"
[ -n "$compiler" ] || { log "memory.sh: neither cc nor clang is on PATH"; exit 1; }

sizes=""
if [ "${1-}" = --sizes ]; then
  sizes=1
  shift
fi

# shellcheck source=cases.sh
source "$here/cases.sh"
select_cases memory.sh "$@"

log "Building $here in release..."
swift build -c release --package-path "$here" >&2
executable="$(swift build -c release --package-path "$here" --show-bin-path)/instruction-counts"

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$compiler" -O2 -shared -fPIC -o "$out/malloc-counter.so" "$here/malloc-counter.c"
export SWIFT_DETERMINISTIC_HASHING=1
if [ -n "$sizes" ]; then export REACTORFLOW_MEMORY_SIZES=1; fi

declare -A bytes
for entry in "${selected[@]}"; do
  name="${entry%% *}"
  count="${entry##* }"
  if ! LD_PRELOAD="$out/malloc-counter.so" "$executable" "$name" "$count" >"$out/$name.stdout" 2>"$out/$name.stderr"; then
    log "memory.sh: $name $count failed:"
    tail -n 20 "$out/$name.stderr" >&2
    exit 1
  fi
  line="$(head -n 1 "$out/$name.stdout")"
  echo "$line"
  if [ -n "$sizes" ]; then sed -n '2,$p' "$out/$name.stdout" | grep '^ '; fi
  bytes[$name]="$(echo "$line" | awk '{ print $2 }')"
done
if [ -n "${bytes[memory-observed]:-}" ] && [ -n "${bytes[memory-observed-floor]:-}" ]; then
  awk -v a="${bytes[memory-observed]}" -v b="${bytes[memory-observed-floor]}" \
    'BEGIN { printf "memory-observed-ratio %.3f\n", a / b }'
fi
if [ -n "${bytes[memory-effect]:-}" ] && [ -n "${bytes[memory-task-sleep-body]:-}" ]; then
  awk -v a="${bytes[memory-effect]}" -v b="${bytes[memory-task-sleep-body]}" \
    'BEGIN { printf "memory-effect-over-floor %d\n", a - b }'
fi
