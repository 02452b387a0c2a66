#!/usr/bin/env bash
# Runs a command on a virtual X desktop of its own: Xvfb at 1600x1000x24 with the openbox window
# manager, which is what users' desktops have and what decides window sizes, placement and focus
# (a bare Xvfb does none of that, so UI tests there pass where users see problems).
# Usage: scripts/with-display.sh COMMAND [ARGS...]   (exit status: the command's)
set -euo pipefail
command -v Xvfb >/dev/null || { echo "with-display.sh: Xvfb is needed (apt-get install xvfb)" >&2; exit 2; }
command -v openbox >/dev/null || { echo "with-display.sh: openbox is needed (apt-get install openbox)" >&2; exit 2; }
[ $# -gt 0 ] || { echo "usage: scripts/with-display.sh COMMAND [ARGS...]" >&2; exit 2; }

work=$(mktemp -d)
xvfb="" wm=""
cleanup() {
  [ -n "$wm" ] && kill "$wm" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# -displayfd: the server picks a free display number and writes it, so parallel runs never collide.
mkfifo "$work/display"
# -r: no key auto-repeat. A robot's key press and release can be seconds apart on a loaded machine,
# and a repeating Ctrl+D once made hundreds of copies and froze a UI test for half an hour.
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp -r 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb=$!
read -r -t 30 number <"$work/display" || { echo "with-display.sh: Xvfb did not start:" >&2; cat "$work/xvfb.log" >&2; exit 2; }
export DISPLAY=":$number"
openbox >"$work/openbox.log" 2>&1 &
wm=$!
# The window manager announces itself on the root window; wait for that before the first window opens.
for _ in $(seq 100); do
  xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && break
  sleep 0.1
done
status=0
"$@" || status=$?
exit $status
