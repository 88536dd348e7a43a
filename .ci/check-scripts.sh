#!/usr/bin/env bash
# Checks the argument handling of the contributor scripts without starting their long work:
# `.ci/loop-exact.sh --help` (or `.ci/fuzz.sh --help`, `.ci/limits.sh --help`,
# `.ci/sample-taskboard.sh --help`) prints the usage and exits 0; a bad argument prints the usage
# on standard error and exits 2 at once. Each call
# is bounded, so a script that started its loop instead fails this check (timeout's status 124)
# rather than stalling it. limits.sh, which is quick, is also run on two small trees.
set -euo pipefail
cd "$(dirname "$0")/.."

failures=0
fail() {
  echo "check-scripts: $*" >&2
  failures=$((failures + 1))
}

# expect STATUS STREAM TEXT -- COMMAND...: COMMAND exits with STATUS and STREAM (stdout or stderr)
# contains TEXT and the script's usage line ($usage_line); the other stream is empty.
expect() {
  local status=$1 stream=$2 text=$3
  shift 4
  local out err actual=0
  out=$(mktemp)
  err=$(mktemp)
  timeout 10 "$@" >"$out" 2>"$err" || actual=$?
  local shown=$out quiet=$err
  if [[ $stream == stderr ]]; then shown=$err quiet=$out; fi
  if [[ $actual -ne $status ]]; then
    fail "$* exited with $actual, expected $status: $(head -3 "$err")"
  elif ! grep -qF -- "$text" "$shown"; then
    fail "$* did not print '$text' on $stream: $(head -3 "$shown")"
  elif ! grep -qF "$usage_line" "$shown"; then
    fail "$* did not print the usage on $stream"
  elif [[ -s $quiet ]]; then
    fail "$* also wrote to the other stream: $(head -3 "$quiet")"
  fi
  rm -f "$out" "$err"
}

loop=.ci/loop-exact.sh
usage_line="usage: .ci/loop-exact.sh [RUNS] [MODE]"
expect 0 stdout "MODE  plain, tsan or both" -- bash "$loop" --help
expect 0 stdout "MODE  plain, tsan or both" -- bash "$loop" -h
expect 0 stdout "MODE  plain, tsan or both" -- bash "$loop" 10 --help
expect 2 stderr "RUNS must be a whole number from 1, got 'nope'" -- bash "$loop" nope
expect 2 stderr "RUNS must be a whole number from 1, got '0'" -- bash "$loop" 0
expect 2 stderr "RUNS must be a whole number from 1, got '-3'" -- bash "$loop" -3
expect 2 stderr "RUNS must be a whole number from 1, got '1.5'" -- bash "$loop" 1.5
expect 2 stderr "RUNS must be a whole number from 1, got '--frobnicate'" -- bash "$loop" --frobnicate
expect 2 stderr "MODE must be plain, tsan or both, got 'nope'" -- bash "$loop" 1 nope
expect 2 stderr "MODE must be plain, tsan or both, got ''" -- bash "$loop" 1 ""
expect 2 stderr "expected at most 2 arguments, got 3" -- bash "$loop" 1 plain extra

fuzz=.ci/fuzz.sh
usage_line="usage: .ci/fuzz.sh [TARGET] [SECONDS]"
expect 0 stdout "SECONDS  how long each target runs" -- bash "$fuzz" --help
expect 0 stdout "SECONDS  how long each target runs" -- bash "$fuzz" -h
expect 0 stdout "SECONDS  how long each target runs" -- bash "$fuzz" trace --help
expect 2 stderr "TARGET must be recording, response, line, trace, state, commandline or all, got 'nope'" -- bash "$fuzz" nope
expect 2 stderr "TARGET must be recording, response, line, trace, state, commandline or all, got ''" -- bash "$fuzz" ""
expect 2 stderr "TARGET must be recording, response, line, trace, state, commandline or all, got '--frobnicate'" \
  -- bash "$fuzz" --frobnicate
expect 2 stderr "SECONDS must be a whole number from 1, got 'soon'" -- bash "$fuzz" all soon
expect 2 stderr "SECONDS must be a whole number from 1, got '0'" -- bash "$fuzz" trace 0
expect 2 stderr "SECONDS must be a whole number from 1, got '-3'" -- bash "$fuzz" line -3
expect 2 stderr "SECONDS must be a whole number from 1, got '1.5'" -- bash "$fuzz" response 1.5
expect 2 stderr "expected at most 2 arguments, got 3" -- bash "$fuzz" trace 10 extra

limits=.ci/limits.sh
usage_line="usage: .ci/limits.sh [DIR]"
expect 0 stdout "DIR  the checkout to check" -- bash "$limits" --help
expect 0 stdout "DIR  the checkout to check" -- bash "$limits" -h
expect 0 stdout "DIR  the checkout to check" -- bash "$limits" . --help
expect 2 stderr "DIR must be a directory, got 'nope'" -- bash "$limits" nope
expect 2 stderr "DIR must be a directory, got ''" -- bash "$limits" ""
expect 2 stderr "DIR must be a directory, got '--frobnicate'" -- bash "$limits" --frobnicate
expect 2 stderr "expected at most 1 argument, got 2" -- bash "$limits" . extra

taskboard=.ci/sample-taskboard.sh
usage_line="usage: .ci/sample-taskboard.sh"
expect 0 stdout "Takes no arguments." -- bash "$taskboard" --help
expect 0 stdout "Takes no arguments." -- bash "$taskboard" -h
expect 2 stderr "expected no arguments, got 1" -- bash "$taskboard" nope
expect 2 stderr "expected no arguments, got 1" -- bash "$taskboard" ""
expect 2 stderr "expected no arguments, got 2" -- bash "$taskboard" --help extra

mocks=.ci/mocks.sh
usage_line="usage: .ci/mocks.sh [--update]"
expect 0 stdout "--update keeps them" -- bash "$mocks" --help
expect 0 stdout "--update keeps them" -- bash "$mocks" -h
expect 2 stderr "expected no argument or --update, got: nope" -- bash "$mocks" nope
expect 2 stderr "expected no argument or --update, got: --update extra" -- bash "$mocks" --update extra

# limits.sh on two small trees: one at its limits passes, one a line over each and with a
# "for those who follow" heading fails with one line per violation.
tree=$(mktemp -d)
mkdir "$tree/Benchmarks"
seq 250 >"$tree/README.md"
seq 200 >"$tree/Benchmarks/README.md"
seq 150 >"$tree/CHANGELOG.md"
status=0
timeout 10 bash "$limits" "$tree" >/dev/null 2>&1 || status=$?
[[ $status -eq 0 ]] || fail "$limits on files at their limits exited with $status, expected 0"
seq 251 >"$tree/README.md"
seq 201 >"$tree/Benchmarks/README.md"
{ seq 150; echo "### Fixed, for those who follow \`main\`"; } >"$tree/CHANGELOG.md"
status=0
err=$(timeout 10 bash "$limits" "$tree" 2>&1 >/dev/null) || status=$?
[[ $status -eq 1 ]] || fail "$limits on files over their limits exited with $status, expected 1"
[[ $(grep -c "^limits: " <<<"$err") -eq 4 ]] \
  || fail "$limits on files over their limits did not print one line per violation (4): $err"
rm -r "$tree"

if [[ $failures -ne 0 ]]; then
  echo "check-scripts: $failures check(s) failed." >&2
  exit 1
fi
echo "check-scripts: loop-exact.sh, fuzz.sh, limits.sh, sample-taskboard.sh and mocks.sh answered --help and bad command lines as documented;"
echo "check-scripts: limits.sh passed files at their limits and named each file over them."
