#!/usr/bin/env bash
# Builds the installers (installer/build.sh) and checks them as a user meets them: the .deb is
# installed with dpkg -i, used, removed with dpkg -r and nothing of it may be left; the tarball is
# unpacked into a temporary folder, used and deleted. "Used": drt --version, a headless render of a
# shipped scene from a folder outside the checkout, drt without arguments and without a display,
# the CPU fallback without GL, the studio for a few seconds (opened as the desktop entry's Exec
# line opens a double-clicked OBJ, for the .deb), and nothing written into the installation.
# scripts/test.sh runs it after the Maven tests. Needs root or sudo (dpkg), and a display: without
# DISPLAY it runs itself under scripts/with-display.sh (Xvfb + openbox).
# Usage: bash installer/check-install.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
if [ -z "${DISPLAY:-}" ]; then
  exec scripts/with-display.sh bash "$root/installer/check-install.sh" "$@"
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
began=$(date +%s)
# shellcheck source=installer/window.sh
. installer/window.sh

work=$(mktemp -d)
installed_by_us=""
studio_pid=""
cleanup() {
  [ -n "$studio_pid" ] && kill "$studio_pid" 2>/dev/null || true
  [ -n "$installed_by_us" ] && $SUDO dpkg -r drt-studio >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "check-install.sh: FAILED: $*" >&2; exit 1; }
say() { echo "check-install.sh: $*" >&2; }

# DRT_INSTALLERS_BUILT=1: check the packages already in target/installer (when iterating on this script).
[ -n "${DRT_INSTALLERS_BUILT:-}" ] || bash installer/build.sh
deb=$(ls target/installer/drt-studio_*_amd64.deb)
tarball=$(ls target/installer/drt-studio-*-linux-x64.tar.gz)
# A fresh user: their own home, and a working folder outside the checkout.
# Java takes user.home from the password database, not from HOME, so it is named for it too.
export HOME=$work/home
export JAVA_OPTS="-Duser.home=$HOME"
mkdir -p "$HOME" "$work/run"

# Runs the studio with ARGS... and checks that its window opens and it keeps running for a few
# seconds without an exception or JavaFX's class-path warning.
check_studio() {
  local err=$work/studio.err
  (cd "$work/run" && exec "$@") >"$work/studio.out" 2>"$err" &
  studio_pid=$!
  wait_for_window "DRT Studio" 120 || { cat "$err" >&2; fail "no studio window: $*"; }
  sleep 3
  kill -0 "$studio_pid" 2>/dev/null || { cat "$err" >&2; fail "the studio ended on its own: $*"; }
  # What it said while running; ended by a signal, JavaFX's shutdown may race its own render
  # thread and print a RejectedExecutionException, which says nothing about the installation.
  cp "$err" "$err.running"
  kill "$studio_pid"
  wait "$studio_pid" 2>/dev/null || true
  studio_pid=""
  if grep -E "Exception|Unsupported JavaFX configuration" "$err.running" >&2; then fail "the studio complained: $*"; fi
}

# Checks an installation whose command is DRT and whose folder is INSTALLATION. Every command
# has a time limit, so a hang fails the check instead of stalling CI.
check_installation() {
  local inst=$2
  local drt=(timeout 300 "$1")
  touch "$work/marker"
  sleep 1 # file times have a resolution of a second on some file systems
  "${drt[@]}" --version | grep -q '^DRT Studio ' || fail "$1 --version"
  (cd "$work/run" && "${drt[@]}" render "$inst/scenes/spot.json" -o spot.png --width 96 --height 54) 2>"$work/render.err" \
    || { cat "$work/render.err" >&2; fail "$1 render spot.json"; }
  [ "$(head -c 4 "$work/run/spot.png" | od -An -tx1 | tr -d ' ')" = 89504e47 ] || fail "render wrote no PNG"
  # No arguments and no display: the default scene, rendered to default.png in the working folder.
  (cd "$work/run" && env -u DISPLAY "${drt[@]}") 2>"$work/default.err" || { cat "$work/default.err" >&2; fail "$1 without a display"; }
  [ -s "$work/run/default.png" ] || fail "no default.png from $1 without a display"
  # Without GL: the CPU tracer, with the notice.
  (cd "$work/run" && __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json "${drt[@]}" render "$inst/scenes/default.nff" -o nogl.png \
    --width 32 --height 24) 2>"$work/nogl.err" || { cat "$work/nogl.err" >&2; fail "$1 without GL"; }
  grep -q "rendering with the CPU tracer" "$work/nogl.err" || { cat "$work/nogl.err" >&2; fail "no CPU fallback notice"; }
  # The CPU tracer finds the hits of a scene of some size with Embree (the .deb's dependency, the tarball's lib/native).
  (cd "$work/run" && "${drt[@]}" generate terrain --side 65 -o terrain.obj && "${drt[@]}" render terrain.obj --backend cpu \
    -o terrain.png --width 32 --height 24) 2>"$work/embree.err" || { cat "$work/embree.err" >&2; fail "$1 render --backend cpu"; }
  grep -q "CPU tracer, Embree 3" "$work/embree.err" || { cat "$work/embree.err" >&2; fail "$1: the CPU tracer does not use Embree"; }
  # A render farm's CPU node installs the .deb without its Recommends (no GTK, X11, GL): a headless
  # CPU render loads no library of theirs (LD_DEBUG=libs lists what the dynamic loader initialises).
  (cd "$work/run" && env -u DISPLAY LD_DEBUG=libs "${drt[@]}" render "$inst/scenes/default.nff" --backend cpu -o farm.png \
    --width 32 --height 24) 2>"$work/farm.err" || { grep -v "^ *[0-9]*:" "$work/farm.err" >&2; fail "$1 headless CPU render"; }
  local gui
  gui=$(grep -o 'calling init: [^ ]*' "$work/farm.err" | grep -E '/lib(gtk|gdk|atk|X|xcb|GL|EGL|cairo|pango|harfbuzz|asound|fontconfig|freetype)' \
    | sed 's/.*\///' | sort -u | tr '\n' ' ' || true)
  [ -z "$gui" ] || fail "$1: a headless CPU render loaded libraries the .deb only recommends: $gui"
  # Without GTK (hidden in a mount namespace, where this user may make one) the studio says so in one line.
  local gtk code=0
  gtk=$(ldconfig -p | sed -n 's/.*libgtk-3\.so\.0 (libc6,x86-64) => //p' | head -1)
  # (Only where a mount namespace with a bind mount can be made: root, and no container rule against it.)
  if [ -n "$gtk" ] && [ "$(id -u)" -eq 0 ] \
    && unshare -m sh -c 'mount --bind /dev/null "$(readlink -f "$0")"' "$gtk" 2>/dev/null; then
    (cd "$work/run" && timeout 120 unshare -m sh -c 'mount --bind /dev/null "$(readlink -f "$0")" && exec "$@"' "$gtk" \
      "$1" studio "$inst/scenes/default.nff") >"$work/nogtk.out" 2>&1 || code=$?
    [ "$code" -eq 1 ] && [ "$(wc -l <"$work/nogtk.out")" -eq 1 ] && grep -q "libgtk-3-0" "$work/nogtk.out" \
      || { cat "$work/nogtk.out" >&2; fail "$1 studio without GTK: exit $code"; }
  fi
  rm -f "$work/run/terrain.obj" "$work/run/terrain.cam"
  # Bad input: one line naming the file, exit code 2.
  code=0
  (cd "$work/run" && "${drt[@]}" render missing.nff -o x.png) 2>"$work/bad.err" || code=$?
  [ "$code" -eq 2 ] && [ "$(wc -l <"$work/bad.err")" -eq 1 ] && grep -q missing.nff "$work/bad.err" \
    || { cat "$work/bad.err" >&2; fail "a missing scene: exit $code"; }
  # The class-data sharing archive maps (-Xshare:on refuses to start otherwise).
  JAVA_OPTS="$JAVA_OPTS -Xshare:on" "${drt[@]}" --version >/dev/null || fail "the CDS archive is not usable"
  check_studio "$1" studio "$inst/scenes/default.nff"
  local written
  written=$(find "$inst" -newer "$work/marker" | head -5)
  [ -z "$written" ] || fail "written into the installation: $written"
  [ ! -e "$HOME/.openjfx" ] || fail "JavaFX unpacked its natives into ~/.openjfx"
  # A shipped scene opens as an untitled sample, which the recent files do not list: a scene of the
  # user's is opened to see where the studio keeps what it remembers.
  cp "$inst/scenes/default.nff" "$work/run/mine.nff"
  check_studio "$1" studio "$work/run/mine.nff"
  [ -d "${XDG_CONFIG_HOME:-$HOME/.config}/drt-studio" ] || fail "the studio kept nothing in the user's XDG config folder (drt-studio)"
  rm -f "$work/run"/*.png "$work/run/mine.nff"
}

say "the .deb: $deb"
# Debian's package checker: no errors (copyright file, changelog, stripped natives, …). Warnings are
# printed for the record; some are by design (a bundled Java runtime is an "embedded library").
if command -v lintian >/dev/null; then
  lintian --fail-on error --no-tag-display-limit "$deb" >"$work/lintian.log" 2>&1 \
    || { cat "$work/lintian.log" >&2; fail "lintian found errors in the .deb"; }
  say "lintian: no errors ($(grep -c '^W:' "$work/lintian.log" || true) warnings)"
fi
$SUDO dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -i"; }
installed_by_us=1
[ "$(command -v drt)" = /usr/bin/drt ] || fail "drt on the PATH is $(command -v drt || echo nothing), not /usr/bin/drt"
check_installation drt /usr/lib/drt-studio
# A double-click on an OBJ: the desktop entry's Exec line with the file for %f.
cp assets/spot/spot.obj assets/spot/spot.mtl assets/spot/spot_texture.png "$work/"
exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/drt-studio.desktop)
read -r -a command <<<"${exec_line//%f/$work/spot.obj}"
check_studio "${command[@]}"
if command -v update-mime-database >/dev/null; then
  [ -f /usr/share/mime/model/x-nff.xml ] || fail "the NFF MIME type is not registered"
fi
files=$(dpkg-query -L drt-studio)
$SUDO dpkg -r drt-studio >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -r"; }
installed_by_us=""
status=$(dpkg-query -W -f='${db:Status-Status}' drt-studio 2>/dev/null || echo not-installed)
[ "$status" = not-installed ] || fail "after dpkg -r the package is '$status'"
while IFS= read -r f; do
  if [ -e "$f" ] || [ -L "$f" ]; then
    [ -d "$f" ] && [ ! -L "$f" ] && [ "${f#/usr/lib/drt-studio}" = "$f" ] && continue # shared folders (/usr/share/...)
    fail "left after dpkg -r: $f"
  fi
done <<<"$files"
[ ! -e /usr/share/mime/model/x-nff.xml ] || fail "the NFF MIME type is still registered"

say "the tarball: $tarball"
# Unpacked into a folder whose name has a space, as users' folders may.
portable="$work/my programs"
mkdir -p "$portable"
tar -xzf "$tarball" -C "$portable"
inst=$(ls -d "$portable"/drt-studio-*)
check_installation "$inst/bin/drt" "$inst"
# Moved elsewhere, it still runs with its CDS archive.
mv "$inst" "$portable/moved"
JAVA_OPTS="$JAVA_OPTS -Xshare:on" "$portable/moved/bin/drt" --version >/dev/null || fail "the moved folder's CDS archive"
rm -rf "$portable"

say "passed in $(($(date +%s) - began)) s"
