#!/usr/bin/env bash
# Keeps the documents a reader reads whole at a reader's length: README.md at most 250 lines,
# Benchmarks/README.md at most 200, CHANGELOG.md at most 150 and without a section "for those
# who follow" main (the CHANGELOG tells a dependent what changed between releases). Prints one
# line per violation on standard error and exits 1; exits 0 with one summary line otherwise.
# Measurements and investigations go in commit messages, not in these files.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: .ci/limits.sh [DIR]
  DIR  the checkout to check (default: the one this script is in)
Limits: README.md 250 lines, Benchmarks/README.md 200, CHANGELOG.md 150 and no heading
"for those who follow".
Example: .ci/limits.sh
USAGE
}

for argument in "$@"; do
  if [[ $argument == -h || $argument == --help ]]; then
    usage
    exit 0
  fi
done
bad_usage() {
  echo "limits: $1" >&2
  usage >&2
  exit 2
}
[[ $# -le 1 ]] || bad_usage "expected at most 1 argument, got $#"
if [[ $# -eq 1 ]]; then
  [[ -n $1 && $1 != -* ]] || bad_usage "DIR must be a directory, got '$1'"
  [[ -d $1 ]] || bad_usage "DIR must be a directory, got '$1'"
  cd "$1"
else
  cd "$(dirname "$0")/.."
fi

violations=0
violation() {
  echo "limits: $*" >&2
  violations=$((violations + 1))
}
summary=()

# at_most FILE LIMIT: FILE has at most LIMIT lines (a last line without a newline counts).
at_most() {
  local file=$1 limit=$2 lines
  if [[ ! -f $file ]]; then
    violation "$file is missing"
    return
  fi
  lines=$(awk 'END { print NR }' "$file")
  if [[ $lines -gt $limit ]]; then
    violation "$file has $lines lines, more than $limit"
  fi
  summary+=("$file $lines/$limit")
}

at_most README.md 250
at_most Benchmarks/README.md 200
at_most CHANGELOG.md 150
if [[ -f CHANGELOG.md ]]; then
  while IFS= read -r heading; do
    violation "CHANGELOG.md:${heading%%:*}: a heading for those who follow main: ${heading#*:}"
  done < <(grep -n -i '^#.*for those who follow' CHANGELOG.md || true)
fi

if [[ $violations -ne 0 ]]; then
  exit 1
fi
joined=$(printf ', %s' "${summary[@]}")
echo "limits: every file within its limit (lines/limit): ${joined#, }"
