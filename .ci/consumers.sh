#!/usr/bin/env bash
# Builds and tests the consumer packages in .ci/consumers: small packages that depend on this one
# by path, with the products named as the README's Installation section names them, in three
# setups: SwiftPM's defaults, Xcode 26's app-target defaults, and Swift 5 language mode. They share
# one set of sources (shared/), the README's code as a user writes it, and each runs FeatureDemo,
# a non-test target that drives the views from a stubbed reactor. Each also runs
# `swift package generate-mocks` on its Feature target and tests the mock it wrote (MockTests).
#
#   bash .ci/consumers.sh [defaults|xcode26|swift5 ...]   # all three by default
#
# Each is copied into a temporary folder next to a link named ReactorFlow to this checkout, so
# that `.package(path: "../ReactorFlow")` has the identity `ReactorFlow` whatever this clone's
# folder is called. Any warning in a consumer's own sources fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

names=("$@")
[ ${#names[@]} -gt 0 ] || names=(defaults xcode26 swift5)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/ReactorFlow"

status=0
for name in "${names[@]}"; do
  [ -f ".ci/consumers/$name/Package.swift" ] || {
    echo "consumers: no consumer named '$name' (have: defaults xcode26 swift5)" >&2
    exit 2
  }
  cp -RL ".ci/consumers/$name" "$work/$name"
  # Builds of the consumers share one scratch folder per setup inside this checkout, so that a
  # second run reuses the first one's build of ReactorFlow.
  scratch="$root/.build-consumer-$name"
  log=$(mktemp)
  # The consumer's test value of SearchClient, generated as a user generates one, into the target
  # whose tests use it; the build below compiles it with the consumer's settings.
  echo "consumers: $name: generating the mocks"
  if ! timeout 900 swift package --package-path "$work/$name" --scratch-path "$scratch" \
    --allow-writing-to-package-directory generate-mocks --target Feature --output Tests/MockTests/Mocks \
    >"$log" 2>&1 || [ ! -f "$work/$name/Tests/MockTests/Mocks/SearchClientMock.swift" ]; then
    cat "$log"
    echo "consumers: $name: generate-mocks failed" >&2
    status=1
    continue
  fi
  echo "consumers: $name: building"
  if ! timeout 900 swift build --build-tests --package-path "$work/$name" --scratch-path "$scratch" \
    >"$log" 2>&1; then
    cat "$log"
    echo "consumers: $name: the build failed" >&2
    status=1
    continue
  fi
  if grep -E "^$work/$name/.*warning:" "$log" >/dev/null; then
    grep -E "^$work/$name/.*warning:" "$log" | sort -u >&2
    echo "consumers: $name: the consumer's sources compiled with warnings" >&2
    status=1
  fi
  echo "consumers: $name: testing"
  if ! timeout 600 swift test --skip-build --package-path "$work/$name" --scratch-path "$scratch" \
    >"$log" 2>&1; then
    cat "$log"
    echo "consumers: $name: the tests failed" >&2
    status=1
    continue
  fi
  grep -E "Executed [0-9]+ tests|Test run with" "$log" | sed -n "1p;\$p"
  # The non-test target: the stubbed demo screen must show what its script answered.
  expected=$'value: 0\nvalue: 1\nscreen: 1\nactions: 3'
  if ! shown=$(timeout 120 swift run --skip-build --package-path "$work/$name" \
    --scratch-path "$scratch" FeatureDemo 2>"$log") || [ "$shown" != "$expected" ]; then
    cat "$log"
    printf 'consumers: %s: FeatureDemo showed:\n%s\nexpected:\n%s\n' "$name" "$shown" "$expected" >&2
    status=1
    continue
  fi
  echo "consumers: $name: FeatureDemo ran without the testing module"
  echo "consumers: $name: passed"
done
exit "$status"
