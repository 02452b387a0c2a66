#!/usr/bin/env bash
# Measures how long an installed drt takes to start, with its class-data sharing archive and
# without it (JAVA_OPTS=-Xshare:off): from launch to `drt --version`'s output and to the studio's
# window on the display. Prints a Markdown table of medians (docs/INSTALL.md has the results).
# Usage: installer/measure-startup.sh [DRT] [RUNS]    (default: drt on the PATH, 7 runs; needs a
# DISPLAY with a window manager, e.g. scripts/with-display.sh installer/measure-startup.sh)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
drt=${1:-drt}
runs=${2:-7}
[ -n "${DISPLAY:-}" ] || { echo "measure-startup.sh: needs a DISPLAY (scripts/with-display.sh ...)" >&2; exit 2; }
# shellcheck source=installer/window.sh
. "$here/window.sh"
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
# A fresh user, so no remembered window state changes the runs (Java's user.home is not HOME).
export HOME=$work
scene=$(dirname "$(dirname "$(readlink -f "$(command -v "$drt")")")")/scenes/default.nff

now() { date +%s.%N; }
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { print a - b }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# CPU seconds (user + system) a process has used so far, from /proc: robust on a loaded machine,
# where wall time mostly measures the other processes.
cpu_of() { awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$1/stat"; }

# "WALL CPU": seconds from launch until `drt --version` has printed and ended, and the CPU
# seconds it used (the launcher's shell execs java, so the process is the JVM throughout).
version_time() {
  local t0 cpu
  t0=$(now)
  JAVA_OPTS="$1 -Duser.home=$work" "$drt" --version >/dev/null &
  pid=$!
  # The JVM's CPU time when it ends: read just before, polling its state.
  cpu=0
  while kill -0 "$pid" 2>/dev/null; do
    cpu=$(cpu_of "$pid" 2>/dev/null || echo "$cpu")
    sleep 0.01
  done
  wait "$pid" || true
  pid=""
  echo "$(since "$t0") $cpu"
}

# "WALL CPU": seconds from launch until the studio's window is on the display, and the CPU seconds
# the studio used until then.
window_time() {
  local t0 t cpu
  t0=$(now)
  JAVA_OPTS="$1 -Duser.home=$work" "$drt" studio "$scene" >/dev/null 2>&1 &
  pid=$!
  wait_for_window "DRT Studio" 120 || { echo "measure-startup.sh: no studio window" >&2; exit 1; }
  t=$(since "$t0")
  cpu=$(cpu_of "$pid")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=""
  echo "$t $cpu"
}

echo "| $drt, median of $runs runs | with the CDS archive: wall | CPU | without (-Xshare:off): wall | CPU |"
echo "|---|---|---|---|---|"
for what in version window; do
  on=() off=()
  for _ in $(seq "$runs"); do # alternating, so a change in the machine's load meets both
    on+=("$(${what}_time "")")
    off+=("$(${what}_time "-Xshare:off")")
  done
  label=$([ $what = version ] && echo "launch to \`drt --version\` output" || echo "launch to the studio window")
  col() { printf '%s\n' "$@" | awk -v c="$column" '{ print $c }' | median; }
  column=1 w_on=$(col "${on[@]}"); column=2 c_on=$(col "${on[@]}")
  column=1 w_off=$(col "${off[@]}"); column=2 c_off=$(col "${off[@]}")
  printf '| %s | %.2f s | %.2f s | %.2f s | %.2f s |\n' "$label" "$w_on" "$c_on" "$w_off" "$c_off"
done
echo
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
