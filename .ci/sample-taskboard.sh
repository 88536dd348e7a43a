#!/usr/bin/env bash
# Builds, tests and runs the TaskBoard sample (Samples/TaskBoard), a package of its own set up
# with Xcode 26's app-target defaults: no warning may come from the sample's own sources, both
# test targets (XCTest and Swift Testing) must run tests and pass, and TaskBoardDemo must print
# what its previews are expected to show.
#
#   bash .ci/sample-taskboard.sh
#
# The sample depends on `../..` under the name ReactorFlow, so it resolves whatever this clone's
# folder is called. Its build shares one scratch folder inside this checkout (.build-sample-taskboard).
set -euo pipefail
usage_line="usage: .ci/sample-taskboard.sh"
usage() {
  echo "$usage_line"
  echo "  Builds the TaskBoard sample (no warning in its sources), runs its XCTest and Swift"
  echo "  Testing tests and its demo, and checks the demo's output. Takes no arguments."
}
if [[ $# -eq 1 && ( $1 == -h || $1 == --help ) ]]; then
  usage
  exit 0
fi
if [[ $# -ne 0 ]]; then
  { echo "sample-taskboard: expected no arguments, got $#"; usage; } >&2
  exit 2
fi
cd "$(dirname "$0")/.."
root=$PWD
sample="$root/Samples/TaskBoard"
scratch="$root/.build-sample-taskboard"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "sample-taskboard: building"
if ! timeout 900 swift build --build-tests --package-path "$sample" --scratch-path "$scratch" >"$log" 2>&1; then
  cat "$log"
  echo "sample-taskboard: the build failed" >&2
  exit 1
fi
# The sample's sources and manifest only: ReactorFlow's own warnings are the root build's matter.
if grep -E "^($sample/.*)?warning:" "$log" >/dev/null; then
  grep -E "^($sample/.*)?warning:" "$log" | sort -u >&2
  echo "sample-taskboard: the sample compiled with warnings" >&2
  exit 1
fi

echo "sample-taskboard: testing"
if ! timeout 600 swift test --skip-build --package-path "$sample" --scratch-path "$scratch" >"$log" 2>&1; then
  cat "$log"
  echo "sample-taskboard: the tests failed" >&2
  exit 1
fi
# Both frameworks must have run tests: a target that lost its tests must not pass in silence.
xctests=$(grep -E "^Test Suite 'All tests' passed" -A1 "$log" | grep -oE "Executed [0-9]+ test" | grep -oE "[0-9]+" || true)
swifttests=$(grep -oE "Test run with [0-9]+ test.* passed" "$log" | grep -oE "[0-9]+" | head -1 || true)
if [[ -z $xctests || $xctests -eq 0 || -z $swifttests || $swifttests -eq 0 ]]; then
  cat "$log"
  echo "sample-taskboard: expected XCTest and Swift Testing tests to run, got ${xctests:-0} and ${swifttests:-0}" >&2
  exit 1
fi
echo "sample-taskboard: $xctests XCTest tests and $swifttests Swift Testing tests passed"

# The demo: the previews, without the testing module, must show exactly these screens.
expected='Tasks: loading…
  actions: ["refresh"]
Edit: "Call mum" [Save]
Edit: "Call mum" saving…
Tasks: 2 tasks · 1 done · 0 liked
  [ ] Buy milk ♡ 2
  [x] Write tests ♡ 0
Tasks: 2 tasks · 1 done · 1 liked
  [ ] Buy milk ♥ 3
  [x] Write tests ♡ 0
Edit: dismissed
Tasks: 3 tasks · 1 done · 1 liked
  [ ] Buy milk ♥ 3
  [x] Write tests ♡ 0
  [ ] Water plants ♡ 0
Alert: Discard changes? [Discard | Keep Editing] → Discard
Edit: dismissed'
if ! shown=$(timeout 120 swift run --skip-build --package-path "$sample" --scratch-path "$scratch" \
  TaskBoardDemo 2>"$log") || [[ $shown != "$expected" ]]; then
  cat "$log"
  printf 'sample-taskboard: TaskBoardDemo showed:\n%s\nexpected:\n%s\n' "$shown" "$expected" >&2
  diff <(echo "$expected") <(echo "$shown") >&2 || true
  exit 1
fi
echo "sample-taskboard: TaskBoardDemo showed the expected screens"
echo "sample-taskboard: passed"
