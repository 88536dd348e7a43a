#!/usr/bin/env bash
# Rewrites Thresholds/ from a fresh run (pass --filter "name" to limit it), then gives the cases
# with tags the file name that `thresholds check` reads: ordo-one/benchmark 1.38.1 writes
# "name_(tag:_value).p90.json" but looks for "name (tag: value).p90.json", so without this the
# check silently skips every tagged case.
set -euo pipefail
cd "$(dirname "$0")"
swift package --allow-writing-to-package-directory benchmark thresholds update "$@"
for file in Thresholds/*_\(*; do
  [ -e "$file" ] || continue
  mv "$file" "$(printf '%s' "$file" | sed 's/_(/ (/; s/:_/: /g')"
done
