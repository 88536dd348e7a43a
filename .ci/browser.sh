#!/usr/bin/env bash
# Opens the page of `randomuser --trace FILE.html` in a real headless browser (Debian's chromium
# through chromium-driver and selenium, installed here when missing) and checks it: it loads
# without a script error, it shows as many marks as the JSON trace of the same session has
# actions and mutations, and stepping forward with the arrow key shows each step's state and what
# changed. The session is the interactive one a person makes between two loads, piped in.
#
# Then it opens the page of a long session of a reactor with a large state (1,000 actions on
# 100,000 numbers), which a test writes (TraceRecorderLargeStateTests), and checks that it is
# small, loads and steps within bounds, and shows each step's state (browser_check_large.py).
#
#   .ci/browser.sh [SCREENSHOT.png]   also saves screenshots of the pages after a few steps
#                                     (the large session's beside it, as SCREENSHOT-large.png)
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1:-} == --help || ${1:-} == -h ]]; then
  echo "usage: .ci/browser.sh [SCREENSHOT.png]"
  exit 0
fi

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
/usr/bin/python3 -c "import selenium" >/dev/null 2>&1 || missing+=(python3-selenium)
if ((${#missing[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
session=$'open 1\ntoggle 1\nback\nopen 2\ntoggle 1\ntoggle 2\nback\nopen 3\ntoggle 1\nback\nreload\nquit\n'
swift build --product randomuser
binary="$(swift build --show-bin-path)/randomuser"
for format in html json; do
  printf '%s' "$session" | "$binary" --count 50 --interactive --trace "$work/trace.$format" >/dev/null
done
/usr/bin/python3 .ci/browser_check.py "$work/trace.html" "$work/trace.json" "${1:-}"

# A test writes the large page, so that no executable of the package exists for it alone.
REACTORFLOW_LARGE_TIMELINE_PAGE="$work/large.html" \
  swift test --filter TraceRecorderLargeStateTests/test_writeTheLargeSessionsPage >"$work/large.log" 2>&1 ||
  { cat "$work/large.log" >&2; exit 1; }
grep -h "large timeline page:" "$work/large.log" || true
/usr/bin/python3 .ci/browser_check_large.py "$work/large.html" "${1:+${1%.png}-large.png}"
