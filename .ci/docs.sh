#!/usr/bin/env bash
# Builds the DocC catalogs of ReactorFlow, ReactorFlowTools and ReactorFlowTesting with the toolchain's `docc` (no
# plugin, no package dependency) and fails on any docc warning (an unresolved ``Symbol`` link, a
# topic that names nothing, a malformed article).
#
#   bash .ci/docs.sh        # archives in .build-docs/archives/*.doccarchive
#
# ReactorFlow.doccarchive and ReactorFlowTesting.doccarchive hold one module each; Combined.doccarchive
# holds both, so that their links to each other work: serve it at the root of a static file server
# and open /documentation/ (both modules), /documentation/reactorflow/ or
# /documentation/reactorflowtesting/; / sends the browser to /documentation/.
#
# Symbol graphs: `swift build` builds the modules in its own scratch folder, then the toolchain's
# `swift-symbolgraph-extract` writes one graph per module. (The compiler's `-emit-symbol-graph`
# would copy ReactorFlow's symbols into ReactorFlowTesting's graph, through the testing module's
# `@_exported import`; the extractor keeps each module's own symbols, and puts the testing
# module's extensions of `Reactor` and of XCTest in graphs of their own.) Each graph then loses,
# from its subheadings only, the source-location parameters that no caller passes
# (.ci/docs-hide-source-location.jq): DocC shows the subheading as the sidebar entry and in topic
# lists, where `@DisplayName` does not reach. A check after the build keeps every title, sidebar
# entry and topic list free of them.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$scratch/symbol-graphs"
archives="$scratch/archives"

if command -v docc >/dev/null 2>&1; then docc=(docc); else docc=(xcrun docc); fi
if ! command -v jq >/dev/null 2>&1; then
  echo "docs: jq is needed to adjust the symbol graphs and to check the archives; install it (apt-get install jq, brew install jq)." >&2
  exit 1
fi

timeout 900 swift build --scratch-path "$scratch" --target ReactorFlowTesting
modules="$(swift build --scratch-path "$scratch" --show-bin-path)/Modules"
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)

status=0
warnings=0
for module in ReactorFlow ReactorFlowTools ReactorFlowTesting; do
  rm -rf "${graphs:?}/$module" "${archives:?}/$module.doccarchive"
  mkdir -p "$graphs/$module" "$archives"
  timeout 300 swift-symbolgraph-extract -module-name "$module" -I "$modules" -target "$triple" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs/$module"
  for graph in "$graphs/$module"/*.symbols.json; do
    jq --from-file .ci/docs-hide-source-location.jq "$graph" >"$graph.tmp"
    mv "$graph.tmp" "$graph"
  done

  log=$(mktemp)
  if ! timeout 300 "${docc[@]}" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.reactorflow.$module" \
    --warnings-as-errors \
    --output-dir "$archives/$module.doccarchive" >"$log" 2>&1; then
    status=1
  fi
  cat "$log"
  count=$(grep -cE "^(warning|error):" "$log" || true)
  warnings=$((warnings + count))
  echo "docs: $module: $count warning(s) -> $archives/$module.doccarchive"
  rm -f "$log"
done

if [ "$status" -ne 0 ] || [ "$warnings" -ne 0 ]; then
  echo "docs: docc reported $warnings warning(s); the standard is zero." >&2
  exit 1
fi

# No page title, sidebar (navigator) entry or topic list may name a source-location parameter.
# `names` are the JSON strings that DocC shows as a name: page and link titles, and the
# subheading fragments that the sidebar and the topic lists print. The declaration on each page
# keeps every parameter.
names='[.metadata.title, (.metadata.fragments // [] | map(.text) | join("")),
  (.references // {} | .[] | .title, (.fragments // [] | map(.text) | join("")),
    (.navigatorTitle // [] | map(.text) | join("")))] | .[] | strings'
hidden='[(,] *(fileID|filePath|line|column|function):'
shown=$(mktemp)
for module in ReactorFlow ReactorFlowTools ReactorFlowTesting; do
  jq -r '.. | objects | .title? // empty' "$archives/$module.doccarchive/index/index.json" >>"$shown"
  find "$archives/$module.doccarchive/data" -name '*.json' -print0 | xargs -0 jq -r "$names" >>"$shown"
done
echo "docs: $(sort -u "$shown" | wc -l) distinct titles, sidebar entries and topic names checked"
if grep -E "$hidden" "$shown" | sort -u | grep . >&2; then
  echo "docs: the names above show a source-location parameter (see .ci/docs-hide-source-location.jq)." >&2
  exit 1
fi
rm -f "$shown"

# Both modules in one archive, where /documentation/reactorflow and /documentation/reactorflowtesting
# are siblings. DocC has no page at /: its index.html there is replaced by a redirect.
combined="$archives/Combined.doccarchive"
rm -rf "${combined:?}"
timeout 300 "${docc[@]}" merge "$archives/ReactorFlow.doccarchive" "$archives/ReactorFlowTools.doccarchive" "$archives/ReactorFlowTesting.doccarchive" \
  --synthesized-landing-page-name ReactorFlow --output-path "$combined"
cat >"$combined/index.html" <<'HTML'
<!doctype html>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=documentation/">
<title>ReactorFlow documentation</title>
<a href="documentation/">ReactorFlow documentation</a>
HTML
echo "docs: every catalog built with 0 warnings; every module in $combined."
