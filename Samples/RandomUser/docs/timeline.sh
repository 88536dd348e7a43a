#!/usr/bin/env bash
# Draws docs/timeline.svg (the picture in the README) again: an interactive session of 50
# offline people in which a person opens a decade, expands and collapses people, goes back and
# opens another, then loads again, typing a command every quarter of a second. It keeps no
# favourites (--no-state), so drawing the picture never touches the favourites of whoever runs it.
#
#   Samples/RandomUser/docs/timeline.sh [FILE]   FILE.svg (default docs/timeline.svg) or FILE.html
set -euo pipefail
cd "$(dirname "$0")/../../.."
output=${1:-Samples/RandomUser/docs/timeline.svg}
swift build --product randomuser >/dev/null
binary="$(swift build --show-bin-path)/randomuser"
{
  for command in "open 2" "toggle 1" "toggle 1" "back" "open 3" "toggle 2" "back" "open 4" "back" \
    "reload"; do
    sleep 0.25
    echo "$command"
  done
  sleep 0.25
  echo quit
} | "$binary" --interactive --no-state --count 50 --trace "$output" >/dev/null
echo "wrote $output"
