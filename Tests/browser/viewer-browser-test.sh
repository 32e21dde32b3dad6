#!/usr/bin/env bash
# The web viewer in a real browser: lensd replay --loop --http on the bundled handheld sample,
# loaded by Debian's headless chromium (Tests/browser/viewer_browser_test.py), which checks the
# overlays it draws, locks one with a click and saves a screenshot.
#
# usage: Tests/browser/viewer-browser-test.sh LENSD [ARTIFACTS]
# ARTIFACTS (default .build/browser-test) receives viewer.png. Prints VIEWER BROWSER TEST SKIPPED
# with the reason where chromium or python3-websocket is missing or cannot run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lensd=${1:?usage: viewer-browser-test.sh LENSD [ARTIFACTS]}
artifacts=${2:-$here/../../.build/browser-test}
if ! command -v chromium >/dev/null 2>&1; then
    echo "VIEWER BROWSER TEST SKIPPED: no chromium (apt-get install chromium)"
    exit 0
fi
if ! /usr/bin/python3 -c 'import websocket' 2>/dev/null; then
    echo "VIEWER BROWSER TEST SKIPPED: no python3-websocket (apt-get install python3-websocket)"
    exit 0
fi
status=0
timeout 180 /usr/bin/python3 "$here/viewer_browser_test.py" "$lensd" "$here/../../samples/shelf-handheld" "$artifacts" || status=$?
[ "$status" = 77 ] && exit 0
exit "$status"
