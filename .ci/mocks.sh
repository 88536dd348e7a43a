#!/usr/bin/env bash
# The mock generator end to end: runs `swift package generate-mocks` on the fixture package
# (Tests/MockFixtures) and on the samples' clients, fails if a regenerated mock differs from the
# committed one or if a second run changes a byte, checks that the fixture's unmockable protocols
# are refused with a message naming each requirement, and builds (no warning in the fixture's
# sources) and runs the fixture's tests of every mock.
#
#   bash .ci/mocks.sh            # check
#   bash .ci/mocks.sh --update   # regenerate and keep the mocks, and refresh the symbol graphs
#                                # that MockGeneratorTests reads (Tests/MockGeneratorTests/Fixtures)
#
# The fixture builds in .build-mocks-fixture; the samples' mocks use the root package's .build.
set -euo pipefail
usage_line="usage: .ci/mocks.sh [--update]"
usage() {
  echo "$usage_line"
  echo "  Regenerates the fixture's and the samples' mocks and fails if they differ from the"
  echo "  committed ones; --update keeps them and refreshes the generator tests' symbol graphs."
}
update=false
if [[ $# -eq 1 && ( $1 == -h || $1 == --help ) ]]; then
  usage
  exit 0
elif [[ $# -eq 1 && $1 == --update ]]; then
  update=true
elif [[ $# -ne 0 ]]; then
  { echo "mocks: expected no argument or --update, got: $*"; usage; } >&2
  exit 2
fi
cd "$(dirname "$0")/.."
root=$PWD
fixture="$root/Tests/MockFixtures"
scratch="$root/.build-mocks-fixture"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

generate() {  # generate PACKAGE_PATH SCRATCH ARGUMENTS...
  local package=$1 scratch=$2
  shift 2
  timeout 900 swift package --package-path "$package" --scratch-path "$scratch" \
    --allow-writing-to-package-directory generate-mocks "$@" >"$log" 2>&1
}

# 1. The fixture's mocks, twice: the second run must leave every file as it is.
echo "mocks: generating the fixture's mocks"
fixture_mocks=(--target Shapes --target MainActorShapes --output Tests/ShapesTests/Mocks)
generate "$fixture" "$scratch" "${fixture_mocks[@]}" || { cat "$log"; echo "mocks: the plugin failed" >&2; exit 1; }
generate "$fixture" "$scratch" "${fixture_mocks[@]}" || { cat "$log"; echo "mocks: the plugin failed" >&2; exit 1; }
if grep -E "^(wrote|removed) " "$log" >/dev/null; then
  cat "$log"
  echo "mocks: a second run rewrote files: the output is not stable" >&2
  exit 1
fi

# 2. Protocols the generator cannot mock: it must refuse them, name each requirement and write nothing.
echo "mocks: checking the messages for unmockable protocols"
if generate "$fixture" "$scratch" --target Unmockable --output Tests/ShapesTests/Mocks; then
  cat "$log"
  echo "mocks: the plugin accepted the Unmockable target" >&2
  exit 1
fi
for expected in \
  'Unmockable.swift:5:18: error: `Repository.Item` cannot be mocked: it is an associated type' \
  'Unmockable.swift:6:15: error: `Repository.make()` cannot be mocked: it is static' \
  'Unmockable.swift:7:8: error: `Repository.first()` cannot be mocked: it returns `T`, a generic type' \
  'Unmockable.swift:8:3: error: `Repository.subscript(_:)` cannot be mocked: it is a subscript' \
  'Unmockable.swift:9:8: error: `Repository.each(_:)` cannot be mocked: it rethrows' \
  'error: `Tagged` cannot be mocked: it refines `Swift.CustomStringConvertible`, which is declared in another module' \
  'generate-mocks: no mock was written'; do
  if ! grep -qF -- "$expected" "$log"; then
    cat "$log"
    echo "mocks: the refusal did not say: $expected" >&2
    exit 1
  fi
done

# 3. The fixture's tests, which use every generated mock.
echo "mocks: building the fixture"
if ! timeout 900 swift build --build-tests --package-path "$fixture" --scratch-path "$scratch" >"$log" 2>&1; then
  cat "$log"
  echo "mocks: the fixture did not build" >&2
  exit 1
fi
if grep -E "^$fixture/.*warning:" "$log" >/dev/null; then
  grep -E "^$fixture/.*warning:" "$log" | sort -u >&2
  echo "mocks: the fixture or its generated mocks compiled with warnings" >&2
  exit 1
fi
echo "mocks: testing the fixture"
if ! timeout 600 swift test --skip-build --package-path "$fixture" --scratch-path "$scratch" >"$log" 2>&1; then
  cat "$log"
  echo "mocks: the fixture's tests failed" >&2
  exit 1
fi
grep -E "^Test Suite 'All tests' passed" -A1 "$log" | grep -oE "Executed [0-9]+ tests?" | sed 's/^/mocks: fixture: /'

# 4. The samples' mocks, from the root package.
echo "mocks: generating the samples' mocks"
generate "$root" "$root/.build" --target RandomUserCore --output Tests/RandomUserTests/Mocks \
  || { cat "$log"; echo "mocks: the plugin failed on RandomUserCore" >&2; exit 1; }
generate "$root" "$root/.build" --target GitHubSearchCore --output Tests/GitHubSearchTests/Mocks \
  || { cat "$log"; echo "mocks: the plugin failed on GitHubSearchCore" >&2; exit 1; }

generated=(Tests/MockFixtures/Tests/ShapesTests/Mocks Tests/RandomUserTests/Mocks Tests/GitHubSearchTests/Mocks)
if $update; then
  # The symbol graphs that the generator's unit tests read, with this checkout's path taken out.
  for module in Shapes MainActorShapes Unmockable; do
    graph=$(find "$scratch" -path "*/extracted-symbols/*/$module/$module.symbols.json" | head -1)
    sed "s|file://$fixture/|file:///MockFixtures/|g" "$graph" >"Tests/MockGeneratorTests/Fixtures/$module.symbols.json"
  done
  echo "mocks: updated ${generated[*]} and Tests/MockGeneratorTests/Fixtures"
  exit 0
fi
if ! git diff --exit-code --stat -- "${generated[@]}" || [[ -n $(git status --porcelain -- "${generated[@]}") ]]; then
  git status --short -- "${generated[@]}" >&2
  echo "mocks: the regenerated mocks differ from the committed ones; run .ci/mocks.sh --update and commit" >&2
  exit 1
fi
echo "mocks: passed"
