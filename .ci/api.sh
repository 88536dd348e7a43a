#!/usr/bin/env bash
# The public-API baseline of ReactorFlow and ReactorFlowTesting, with the toolchain's
# `swift-api-digester` (no plugin, no package dependency; `jq` filters the dumps).
#
#   bash .ci/api.sh check     # fails if the public API broke against .ci/api/<Module>.json
#   bash .ci/api.sh update    # rewrites .ci/api/<Module>.json from the current sources
#
# `check` builds both modules (scratch folder .build-api), dumps their public API and compares
# each dump with its checked-in baseline. A removed, renamed or retyped public declaration fails
# the check; an addition does not, but leaves the baseline out of date, which `check` says (run
# `update` and commit the result with the addition). A deliberate break is accepted by running
# `update` in the same commit and recording the break under "Changed" in CHANGELOG.md.
#
# The baseline is the public API only: `package` declarations (the digester marks them
# `isInternal`) and `@_spi(Testing)` ones, which only ReactorFlowTesting imports, are removed from
# the dumps. Dumps are made on Linux, like CI: on Apple systems the modules also contain the
# SwiftUI bridge and import Darwin, so the same sources dump differently.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(ReactorFlow ReactorFlowTools ReactorFlowTesting)
baselines=.ci/api
scratch=.build-api
dumps="$scratch/api"

usage() {
  echo "usage: bash .ci/api.sh check|update" >&2
  exit 2
}
[[ $# -eq 1 ]] || usage
command=$1
[[ $command == check || $command == update ]] || usage

if [[ $(uname -s) != Linux ]]; then
  echo "api: the baseline is made on Linux (CI's platform); on $(uname -s) the modules differ." >&2
  exit 2
fi
if ! command -v jq >/dev/null 2>&1; then
  echo "api: needs jq to filter the dumps (apt-get install jq)." >&2
  exit 2
fi

# Builds the two library targets (ReactorFlowTesting depends on ReactorFlow), then writes the
# filtered, path-free dump of each module to $dumps/<Module>.json.
dump() {
  local log
  log=$(mktemp)
  if ! timeout 900 swift build --scratch-path "$scratch" --target ReactorFlowTesting >"$log" 2>&1; then
    echo "api: the build failed:" >&2
    tail -30 "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  local bin
  bin=$(swift build --scratch-path "$scratch" --show-bin-path)
  mkdir -p "$dumps"
  for module in "${modules[@]}"; do
    # -avoid-location and -avoid-tool-args keep absolute paths and arguments out of the dump.
    timeout 300 swift-api-digester -dump-sdk -module "$module" -I "$bin/Modules" \
      -module-cache-path "$scratch/digester-module-cache" -swift-only \
      -avoid-location -avoid-tool-args -o "$dumps/$module.raw.json"
    jq 'del(.. | objects | select(.isInternal == true or .spi_group_names != null))' \
      "$dumps/$module.raw.json" >"$dumps/$module.json"
    rm -f "$dumps/$module.raw.json"
  done
}

# Prints the digester's findings when comparing $1 (old) with $2 (new): one line per change,
# without the section headers and blank lines of its report.
changes() {
  local report
  report=$(mktemp)
  if ! timeout 300 swift-api-digester -diagnose-sdk -input-paths "$1" -input-paths "$2" \
    -o "$report"; then
    echo "api: swift-api-digester could not compare $1 with $2." >&2
    rm -f "$report"
    return 1
  fi
  grep -vE '^(/\*.*\*/)?[[:space:]]*$' "$report" || true
  rm -f "$report"
}

dump

if [[ $command == update ]]; then
  mkdir -p "$baselines"
  for module in "${modules[@]}"; do
    cp "$dumps/$module.json" "$baselines/$module.json"
    echo "api: $module: baseline written to $baselines/$module.json"
  done
  echo "api: commit $baselines/ with the change; a break also needs a \"Changed\" entry in CHANGELOG.md."
  exit 0
fi

broken=0
stale=()
for module in "${modules[@]}"; do
  baseline="$baselines/$module.json"
  if [[ ! -f $baseline ]]; then
    echo "api: $module: no baseline at $baseline; run \`bash .ci/api.sh update\` and commit it."
    broken=1
    continue
  fi
  breaks=$(changes "$baseline" "$dumps/$module.json") || exit 1
  if cmp -s "$baseline" "$dumps/$module.json"; then
    echo "api: $module: the public API matches $baseline."
    continue
  fi
  # Compared the other way round, a declaration "removed" from the current API is one that the
  # baseline lacks: an addition.
  additions=$(changes "$dumps/$module.json" "$baseline") || exit 1
  additions=$(sed -n 's/ has been removed$//p' <<<"$additions")
  if [[ -n $breaks ]]; then
    echo "api: $module: $(wc -l <<<"$breaks") breaking change(s) against $baseline:"
    sed 's/^/  /' <<<"$breaks"
    broken=1
  else
    echo "api: $module: no break, but the API differs from $baseline:"
    stale+=("$module")
  fi
  if [[ -n $additions ]]; then
    sed 's/^/  added: /' <<<"$additions"
  elif [[ -z $breaks ]]; then
    echo "  (no declaration added: an existing one changed without breaking, e.g. its mangled name)"
  fi
done

if [[ $broken -ne 0 ]]; then
  cat >&2 <<'EOF'
api: the public API broke against the checked-in baseline (.ci/api/).
  If the break is an accident, restore the declarations listed above.
  If it is deliberate, accept it in the same commit:
    1. run `bash .ci/api.sh update` and commit .ci/api/*.json;
    2. add an entry under "### Changed" in the "## [Unreleased]" section of CHANGELOG.md that
       names what broke and what to write instead.
EOF
  exit 1
fi
if [[ ${#stale[@]} -gt 0 ]]; then
  echo "api: the baseline is out of date (${stale[*]}): run" \
    "\`bash .ci/api.sh update\` and commit .ci/api/ with the addition. Not a failure."
fi
