#!/usr/bin/env bash
# Runs a command on a virtual X desktop of its own: Xvfb at 1600x1000x24 with the openbox window
# manager, which is what users' desktops have and what decides window sizes, placement and focus
# (a bare Xvfb does none of that, so UI tests there pass where users see problems).
#
# With --forks N (1-9) it starts N such desktops, one for each of the N test JVMs that Maven's
# surefire runs side by side (pom.xml's profile "forks"): two JVMs on one desktop would take the
# focus from each other's windows and the robot of one would click into the other's. The desktops
# are :P1 … :PN for a free prefix P, so fork k finds its own as ":${P}k" (surefire fills in
# ${surefire.forkNumber}, 1 … N); each fork also gets a home and a temporary folder of its own
# (JavaFX unpacks its natives into ~/.openjfx, LWJGL into the temporary folder, the studio keeps
# settings under the XDG folders: two JVMs starting at once must not write the same files). Exported
# for the command: DRT_TEST_FORKS=N, DRT_TEST_DISPLAY_PREFIX=P, DRT_TEST_FORK_ROOT (the folders
# FORK_ROOT/k/home and FORK_ROOT/k/tmp), and DISPLAY (the first desktop).
#
# Usage: scripts/with-display.sh [--forks N] COMMAND [ARGS...]   (exit status: the command's)
set -euo pipefail
command -v Xvfb >/dev/null || { echo "with-display.sh: Xvfb is needed (apt-get install xvfb)" >&2; exit 2; }
command -v openbox >/dev/null || { echo "with-display.sh: openbox is needed (apt-get install openbox)" >&2; exit 2; }
forks=""
if [ "${1:-}" = --forks ]; then
  forks=${2:-}
  [[ "$forks" =~ ^[1-9]$ ]] || { echo "with-display.sh: --forks takes a number from 1 to 9, not '$forks'" >&2; exit 2; }
  shift 2
fi
[ $# -gt 0 ] || { echo "usage: scripts/with-display.sh [--forks N] COMMAND [ARGS...]" >&2; exit 2; }

work=$(mktemp -d)
pids=() # every Xvfb and openbox started here, stopped at the end
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Starts Xvfb on display NUMBER (empty: the server picks a free one) and sets $number once it
# accepts clients; fails (status 1) when it cannot start there, e.g. the display is taken.
start_xvfb() {
  local fifo=$work/display$1
  mkfifo "$fifo"
  # -displayfd: the server writes its display number when it is ready, so nobody polls for it.
  # -r: no key auto-repeat. A robot's key press and release can be seconds apart on a loaded machine,
  # and a repeating Ctrl+D once made hundreds of copies and froze a UI test for half an hour.
  # shellcheck disable=SC2086 # $1 is a display number or nothing
  Xvfb ${1:+:$1} -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp -r 3>"$fifo" >"$work/xvfb$1.log" 2>&1 &
  pids+=($!)
  read -r -t 30 number <"$fifo" && return 0
  kill "${pids[-1]}" 2>/dev/null || true
  unset 'pids[-1]'
  return 1
}

# Starts openbox on DISPLAY and waits until it announces itself on the root window, before the first
# window opens.
start_wm() {
  DISPLAY=":$1" openbox >"$work/openbox$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    DISPLAY=":$1" xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && return 0
    sleep 0.1
  done
}

# One desktop per fork, :P1 … :PN: the first prefix P (from 6) whose N displays all start.
start_fork_desktops() {
  local prefix k started
  for prefix in $(seq 6 99); do
    started=0
    for k in $(seq "$forks"); do
      [ -e "/tmp/.X11-unix/X$prefix$k" ] || [ -e "/tmp/.X$prefix$k-lock" ] && break
      start_xvfb "$prefix$k" || break
      started=$k
    done
    if [ "$started" -eq "$forks" ]; then
      for k in $(seq "$forks"); do start_wm "$prefix$k"; done
      export DRT_TEST_FORKS=$forks DRT_TEST_DISPLAY_PREFIX=$prefix DRT_TEST_FORK_ROOT=$work/forks DISPLAY=":${prefix}1"
      for k in $(seq "$forks"); do mkdir -p "$work/forks/$k/home" "$work/forks/$k/tmp"; done
      return 0
    fi
    # Taken by another server (a parallel run): stop what this try started and try the next prefix.
    for _ in $(seq "$started"); do kill "${pids[-1]}" 2>/dev/null || true; unset 'pids[-1]'; done
  done
  echo "with-display.sh: no free displays for $forks forks (:61 … :99$forks all taken?):" >&2
  cat "$work"/xvfb*.log >&2
  exit 2
}

if [ -n "$forks" ]; then
  start_fork_desktops
else
  start_xvfb "" || { echo "with-display.sh: Xvfb did not start:" >&2; cat "$work"/xvfb*.log >&2; exit 2; }
  start_wm "$number"
  export DISPLAY=":$number"
fi
status=0
"$@" || status=$?
exit $status
