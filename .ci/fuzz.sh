#!/usr/bin/env bash
# Fuzzes the package's input decoders with libFuzzer, which ships with the toolchain: builds the
# package in Tests/Fuzz (one executable per decoder, -sanitize=fuzzer,address), runs one target or
# all of them for SECONDS each, and prints each run's figures. Every input that crashed, leaked,
# hung or went over the memory bound is copied to Tests/FuzzRegressions/<target>/, where
# FuzzRegressionTests replays it in `swift test` once the bug is fixed: commit it with the fix.
#
# The corpus grows in Tests/Fuzz/.build/fuzz/corpus/<target> (kept between runs, not committed), from
# the seeds in Tests/Fuzz/Corpus/<target> and the kept regressions. Memory is bounded: an input
# that makes the process exceed RSS_LIMIT_MB (1536 MB, AddressSanitizer's shadow and quarantine
# included) or allocate more than half of it at once is a finding, as is one input that runs
# longer than 25 seconds.
# Exits 0 when nothing was found, 1 when something was, 2 on a bad command line.
set -euo pipefail

targets=(recording response line trace state commandline)

usage() {
  cat <<'USAGE'
usage: .ci/fuzz.sh [TARGET] [SECONDS]
  TARGET   recording, response, line, trace, state, commandline or all (default all)
  SECONDS  how long each target runs, a whole number from 1 (default 60)
Example: .ci/fuzz.sh trace 600
USAGE
}

# Arguments are checked before anything starts, so a typo never launches a build or a run.
for argument in "$@"; do
  if [[ $argument == -h || $argument == --help ]]; then
    usage
    exit 0
  fi
done
bad_usage() {
  echo "fuzz: $1" >&2
  usage >&2
  exit 2
}
[[ $# -le 2 ]] || bad_usage "expected at most 2 arguments, got $#"
target=${1-all}
seconds=${2-60}
[[ $target == all || " ${targets[*]} " == *" $target "* ]] \
  || bad_usage "TARGET must be recording, response, line, trace, state, commandline or all, got '$target'"
[[ $seconds =~ ^[1-9][0-9]{0,6}$ ]] || bad_usage "SECONDS must be a whole number from 1, got '$seconds'"
if [[ $target != all ]]; then targets=("$target"); fi

cd "$(dirname "$0")/.."
root=$PWD
package=$root/Tests/Fuzz
rss_limit_mb=1536

# The longest input worth trying: about twice the largest seed of each target.
max_len() {
  case $1 in
    recording) echo 16384 ;;
    response) echo 8192 ;;
    line | trace | state | commandline) echo 1024 ;;
  esac
}

swift build --package-path "$package" -c release \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing
binaries=$(swift build --package-path "$package" -c release --show-bin-path)

# Leaks are checked when the process ends, not after each input: a check's asynchronous work ends
# after libFuzzer's callback returns, so its count of mallocs and frees would send almost every
# input to a full LeakSanitizer scan (80 % of the line target's time in a profile).
# Foundation's Data(contentsOf:) leaks its buffer when the file is empty; nothing here can fix it.
export LSAN_OPTIONS="suppressions=$package/lsan-suppressions.txt:print_suppressions=0"
# Swift's own crash backtracer reads memory AddressSanitizer calls out of bounds; its report is enough.
export SWIFT_BACKTRACE=enable=no

found=0
for name in "${targets[@]}"; do
  corpus=$package/.build/fuzz/corpus/$name
  artifacts=$package/.build/fuzz/artifacts/$name
  regressions=$root/Tests/FuzzRegressions/$name
  log=$package/.build/fuzz/$name.log
  mkdir -p "$corpus" "$artifacts"
  rm -f "$artifacts"/*
  seeds=("$package/Corpus/$name")
  if [[ -d $regressions ]]; then seeds+=("$regressions"); fi
  echo "fuzz: $name for $seconds s (log: $log)"
  status=0
  "$binaries/fuzz-$name" "$corpus" "${seeds[@]}" \
    -max_total_time="$seconds" -max_len="$(max_len "$name")" -rss_limit_mb=$rss_limit_mb \
    -malloc_limit_mb=$((rss_limit_mb / 2)) -timeout=25 -detect_leaks=0 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
  # The figures: the last status line (coverage, corpus, exec/s, RSS) and the final stats.
  grep -E '^#[0-9]+' "$log" | tail -1 || true
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" | tr '\n' ' ' || true
  echo
  shopt -s nullglob
  findings=("$artifacts"/*)
  shopt -u nullglob
  if [[ $status -ne 0 || ${#findings[@]} -ne 0 ]]; then
    found=1
    mkdir -p "$regressions"
    for file in "${findings[@]}"; do cp "$file" "$regressions/"; done
    echo "fuzz: $name found ${#findings[@]} input(s) (status $status), kept in Tests/FuzzRegressions/$name:" >&2
    grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Fatal error:)' "$log" | head -5 >&2 || true
  fi
done
exit $found
