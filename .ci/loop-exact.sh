#!/usr/bin/env bash
# Runs every TestClock, recorder, tester, expectation and debounce test N times in a row (default
# 400) while both cores are loaded by busy loops, first plain and then under ThreadSanitizer
# (separate scratch path .build-tsan). Each run is one process that runs every class, then the
# Swift Testing suites, then the tests of the xcode26 consumer package (.ci/consumers/xcode26: an
# app target's defaults, whose clients run on the main actor). Stops at the first failure and
# prints the count.
# Not called by .ci/run: it takes minutes (.ci/check-scripts.sh checks its arguments).
# SIGINT (Ctrl-C) and SIGTERM stop it at once, with the build or test process it is waiting on and
# the busy loops; it then exits with 130 or 143.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: .ci/loop-exact.sh [RUNS] [MODE]
  RUNS  how many times to run the tests, a whole number from 1 (default 400)
  MODE  plain, tsan or both (default both): without or with ThreadSanitizer
Example: .ci/loop-exact.sh 100 plain
USAGE
}

# Arguments are checked before anything starts, so a typo never launches the long loop.
for argument in "$@"; do
  if [[ $argument == -h || $argument == --help ]]; then
    usage
    exit 0
  fi
done
bad_usage() {
  echo "loop-exact: $1" >&2
  usage >&2
  exit 2
}
[[ $# -le 2 ]] || bad_usage "expected at most 2 arguments, got $#"
runs=${1-400}
modes=${2-both}
[[ $runs =~ ^[1-9][0-9]{0,8}$ ]] || bad_usage "RUNS must be a whole number from 1, got '$runs'"
[[ $modes == plain || $modes == tsan || $modes == both ]] \
  || bad_usage "MODE must be plain, tsan or both, got '$modes'"

cd "$(dirname "$0")/.."

classes=(
  RandomUserTests.DetailReactorTests
  RandomUserTests.FavouritesTests
  RandomUserTests.GeneratedTestsArticleTests
  RandomUserTests.MainReactorExpectationSnippetTests
  RandomUserTests.MainReactorGeneratedRegressionTests
  RandomUserTests.MainReactorGeneratedTests
  RandomUserTests.MainReactorIsolationTests
  RandomUserTests.MainReactorRecordingSnippetTests
  RandomUserTests.MainReactorSynchronousExpectationSnippetTests
  RandomUserTests.MainReactorTesterSnippetTests
  RandomUserTests.MainReactorTests
  RandomUserTests.RecordingArticleTests
  RandomUserTests.TestingArticleTests
  ReactorFlowTestingTests.CaptureFailuresSnippetTests
  ReactorFlowTestingTests.ClockSnippetTests
  ReactorFlowTestingTests.DebouncedSearchTests
  ReactorFlowTestingTests.ExactTimingTests
  ReactorFlowTestingTests.ExpectationTests
  ReactorFlowTestingTests.GeneratedTestRecordingTests
  ReactorFlowTestingTests.GeneratedTestTests
  ReactorFlowTestingTests.MainActorClientTests
  ReactorFlowTestingTests.ParityTestingTests
  ReactorFlowTestingTests.ReactorTesterChildrenTests
  ReactorFlowTestingTests.ReactorTesterFailureTests
  ReactorFlowTestingTests.ReactorTesterSnippetTests
  ReactorFlowTestingTests.ReactorTesterTests
  ReactorFlowTestingTests.RecordingSnippetTests
  ReactorFlowTestingTests.RootReactorTests
  ReactorFlowTestingTests.SharedValueTesterTests
  ReactorFlowTestingTests.SignUpFormTests
  ReactorFlowTestingTests.StopwatchTests
  ReactorFlowTestingTests.StreamLoopTests
  ReactorFlowTestingTests.SynchronousExpectationTests
  ReactorFlowTestingTests.TestClockTests
  ReactorFlowTestingTests.TesterEquatableTests
  ReactorFlowTests.AsynchronousWorkArticleTests
  ReactorFlowTests.CancellationTests
  ReactorFlowTests.CompositionArticleTests
  ReactorFlowTests.CompositionSymbolSnippetTests
  ReactorFlowTests.CompositionTests
  ReactorFlowTests.DeepLinksArticleTests
  ReactorFlowTests.EffectIsolationTests
  ReactorFlowTests.EffectMapTests
  ReactorFlowTests.EffectRetirementTests
  ReactorFlowTests.EffectSymbolSnippetTests
  ReactorFlowTests.ErrorTests
  ReactorFlowTests.EventBusTests
  ReactorFlowTests.ExternalStreamTests
  ReactorFlowTests.FilePersistenceTests
  ReactorFlowTests.FinallyAndDelayTests
  ReactorFlowTests.InspectionSymbolSnippetTests
  ReactorFlowTests.InspectionTests
  ReactorFlowTests.LifetimeTests
  ReactorFlowTests.LoadingAndRouteSymbolSnippetTests
  ReactorFlowTests.LoadingValuesArticleTests
  ReactorFlowTests.MigrationGuidePortTests
  ReactorFlowTests.MigrationGuideTestingTests
  ReactorFlowTests.MigrationGuideTests
  ReactorFlowTests.ObservationSymbolSnippetTests
  ReactorFlowTests.ObservedReactorKeyPathTests
  ReactorFlowTests.ObservedReactorObserverTests
  ReactorFlowTests.ObservedReactorTests
  ReactorFlowTests.OutsideTypesReactorTests
  ReactorFlowTests.ReactorStubTests
  ReactorFlowTests.ReactorSymbolSnippetTests
  ReactorFlowTests.ReentrancyTests
  ReactorFlowTests.RestartingStopwatchTests
  ReactorFlowTests.SharedStateArticleTests
  ReactorFlowTests.SharedValueTests
  ReactorFlowTests.StoredClockTests
  ReactorFlowTests.SubclassReactorTests
  ReactorFlowTests.ThrottleTests
  ReactorFlowTests.TraceRecorderTests
  ReactorFlowTests.TransformActionTests
  ReactorFlowToolsTests.ChangeLogOutputTests
  ReactorFlowToolsTests.ChangeLogTests
  ReactorFlowToolsTests.RecordingTests
  ReactorFlowToolsTests.ToolsSymbolSnippetTests
)
# The Swift Testing tests run in the same bundle, in parallel (Swift Testing's default): the
# adapter tests and the reactor suites of Tests/ReactorFlowTestingTests/SwiftTesting. A run with
# fewer than this many is a failure, so that a suite cannot drop out unnoticed.
swift_testing_minimum=50

# The script's own standard error: a trap may run while a step's output goes to a log.
exec 3>&2
loaders=()
child=""
stop_loaders() {
  for pid in "${loaders[@]}"; do kill "$pid" 2>/dev/null || true; done
  loaders=()
}
# Every long step runs in the background and the script waits for it, so that a signal is handled
# at once (bash runs a trap only after a foreground command ends). `timeout` passes the TERM on to
# the test process.
wait_for() {
  "$@" &
  child=$!
  local status=0
  wait "$child" || status=$?
  child=""
  return "$status"
}
stop() {
  local signal=$1 status=$2
  trap - INT TERM
  if [[ -n $child ]]; then
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  stop_loaders
  echo "loop-exact: stopped by SIG$signal" >&3
  exit "$status"
}
trap stop_loaders EXIT
trap 'stop INT 130' INT
trap 'stop TERM 143' TERM

loop() {
  local scratch=$1 label=$2
  shift 2
  local build_log
  build_log=$(mktemp)
  if ! wait_for swift build --build-tests --scratch-path "$scratch" "$@" >"$build_log" 2>&1; then
    echo "loop-exact ($label): the build failed:" >&2
    tail -30 "$build_log" >&2
    exit 1
  fi
  local bundle="$scratch/debug/ReactorFlowPackageTests.xctest"
  # The xcode26 consumer, built as .ci/consumers.sh builds it: a copy next to a link named
  # ReactorFlow to this checkout.
  local consumer_work consumer_scratch="$PWD/.build-consumer-xcode26-$label"
  consumer_work=$(mktemp -d)
  ln -s "$PWD" "$consumer_work/ReactorFlow"
  cp -RL .ci/consumers/xcode26 "$consumer_work/xcode26"
  # Its MockTests target tests the mock that generate-mocks writes, as consumers.sh does; the
  # plugin builds its tool without this run's flags, in a scratch folder of its own.
  if ! wait_for swift package --package-path "$consumer_work/xcode26" --scratch-path "$consumer_scratch-mocks" \
    --allow-writing-to-package-directory generate-mocks --target Feature --output Tests/MockTests/Mocks \
    >"$build_log" 2>&1; then
    echo "loop-exact ($label): generating the xcode26 consumer's mocks failed:" >&2
    tail -30 "$build_log" >&2
    exit 1
  fi
  if ! wait_for swift build --build-tests --package-path "$consumer_work/xcode26" \
    --scratch-path "$consumer_scratch" "$@" >"$build_log" 2>&1; then
    echo "loop-exact ($label): the xcode26 consumer's build failed:" >&2
    tail -30 "$build_log" >&2
    exit 1
  fi
  local consumer_bundle="$consumer_scratch/debug/FeaturePackageTests.xctest"
  local cores
  cores=$(getconf _NPROCESSORS_ONLN)
  for _ in $(seq "$cores"); do
    # A busy loop that also ends when this script is gone, even if it was killed with SIGKILL.
    (while kill -0 "$$" 2>/dev/null; do :; done) &
    loaders+=($!)
  done
  local log
  log=$(mktemp)
  local filter tests=0
  filter=$(IFS=,; echo "${classes[*]}")
  for run in $(seq "$runs"); do
    # One process runs every class, in the order listed (XCTest takes a comma-separated filter).
    if ! wait_for timeout 300 "$bundle" "$filter" >"$log" 2>&1 || grep -q "error:" "$log"; then
      echo "loop-exact ($label): FAILED in run $run of $runs:" >&2
      grep -E "error:|Exceeded|timed out" "$log" | head -20 >&2 || tail -20 "$log" >&2
      stop_loaders
      exit 1
    fi
    tests=$(grep -oE "Executed [0-9]+ tests, with 0 failures" "$log" | tail -1 | grep -oE "[0-9]+" | head -1)
    [[ ${tests:-0} -gt 0 ]] || {
      echo "loop-exact ($label): run $run executed no tests:" >&2
      tail -20 "$log" >&2
      stop_loaders
      exit 1
    }
    # The Swift Testing tests, in parallel.
    if ! wait_for timeout 120 "$bundle" --testing-library swift-testing >"$log" 2>&1 \
      || ! grep -q "Test run with [1-9][0-9]* tests.* passed" "$log"; then
      echo "loop-exact ($label): FAILED in run $run of $runs (Swift Testing):" >&2
      grep -E "✘|recorded an issue" "$log" | head -20 >&2 || true
      tail -20 "$log" >&2
      stop_loaders
      exit 1
    fi
    swift_tests=$(grep -oE "Test run with [0-9]+ tests" "$log" | grep -oE "[0-9]+")
    [[ ${swift_tests:-0} -ge $swift_testing_minimum ]] || {
      echo "loop-exact ($label): run $run ran ${swift_tests:-0} Swift Testing tests, fewer than" \
        "$swift_testing_minimum:" >&2
      tail -20 "$log" >&2
      stop_loaders
      exit 1
    }
    # The xcode26 consumer: its XCTest cases, then its Swift Testing suites in parallel.
    if ! wait_for timeout 120 "$consumer_bundle" >"$log" 2>&1 || grep -q "error:" "$log" \
      || ! wait_for timeout 120 "$consumer_bundle" --testing-library swift-testing >>"$log" 2>&1 \
      || ! grep -q "Test run with [1-9][0-9]* tests.* passed" "$log"; then
      echo "loop-exact ($label): FAILED in run $run of $runs (the xcode26 consumer):" >&2
      grep -E "error:|✘|recorded an issue" "$log" | head -20 >&2 || tail -20 "$log" >&2
      stop_loaders
      exit 1
    fi
    consumer_tests=$(grep -oE "Test run with [0-9]+ tests" "$log" | grep -oE "[0-9]+")
  done
  stop_loaders
  rm -rf "$consumer_work"
  echo "loop-exact ($label): $runs of $runs runs passed ($tests XCTests in ${#classes[@]} classes, $swift_tests Swift Testing tests in parallel and the xcode26 consumer's $consumer_tests Swift Testing tests each, $cores busy loops)"
}

if [[ $modes == plain || $modes == both ]]; then loop .build plain; fi
if [[ $modes == tsan || $modes == both ]]; then loop .build-tsan tsan --sanitize=thread; fi
