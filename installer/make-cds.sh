#!/usr/bin/env bash
# Makes the class-data sharing archive of an installation tree: TREE/runtime/lib/server/drt.jsa,
# which bin/drt passes to the JVM (-XX:SharedArchiveFile). Called by installer/build.sh.
# Usage: installer/make-cds.sh TREE
#
# Training runs record the classes loaded by `drt --version`, a small headless render and, when a
# display can be had, a few seconds of the studio; the archive is then dumped from the JDK and
# JavaFX classes among them. Those live in the runtime image, which the archive is checked against,
# so it keeps working wherever the tree is installed or unpacked. The application's own jars are
# left out on purpose: JDK 17 checks an archive's class path by its absolute path at dump time,
# so an archive holding them would be refused once the tree is moved (and picocli's classes, Java 5
# bytecode, cannot be archived at all).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tree=$(cd "$1" && pwd)
java=$tree/runtime/bin/java
lists=$(mktemp -d)
trap 'rm -rf "$lists"' EXIT
# The training runs must not write into the builder's home: their own HOME and studio folder.
export HOME=$lists/home
mkdir -p "$HOME"

# Runs bin/drt's command line with class-list recording instead of the archive; exec, so that in
# a background subshell the process is the JVM itself.
train() {
  local list=$1
  shift
  JAVA_OPTS="-Xshare:off -XX:DumpLoadedClassList=$lists/$list -Duser.home=$HOME -Ddrt.studioHome=$HOME/.drtstudio" \
    exec "$tree/bin/drt" "$@"
}

(train version.classlist --version)
(cd "$lists" && train render.classlist render "$tree/scenes/default.nff" -o "$lists/out.png" --width 96 --height 64 --spp 2)
# The studio: opened on the default scene until its window is up and a few preview frames are
# shown, then ended (SIGTERM; the JVM still writes its class list). Almost every class of a
# --measure session (which also drags and imports) is loaded by then, in half the time.
train_studio() {
  . installer/window.sh
  (train studio.classlist studio "$tree/scenes/default.nff") >/dev/null 2>&1 &
  local pid=$!
  wait_for_window "DRT Studio" 120 || echo "make-cds.sh: no studio window seen; recording what loaded so far" >&2
  sleep 4
  kill "$pid"
  wait "$pid" || true
}
if [ -n "${DISPLAY:-}" ]; then
  train_studio
elif command -v Xvfb >/dev/null && command -v openbox >/dev/null && command -v xprop >/dev/null; then
  export -f train train_studio
  export lists tree
  scripts/with-display.sh bash -c train_studio
else
  echo "make-cds.sh: no display and no Xvfb/openbox: the archive will not hold the studio's classes" >&2
fi
for list in "$lists"/*.classlist; do
  [ -s "$list" ] || { echo "make-cds.sh: the training run left no class list: $list" >&2; exit 2; }
done

# Only classes of the runtime image (the JDK's and JavaFX's), each line once. Lambda-form lines
# are the JDK's own; lambda-proxy lines name the class that holds the lambda.
cat "$lists"/*.classlist | awk '
  /^#/ { next }
  /^@lambda-form-invoker/ { if (!seen[$0]++) print; next }
  { cls = ($1 == "@lambda-proxy") ? $2 : $1 }
  cls ~ /^(java|javax|jdk|sun|com\/sun|javafx)\// { if (!seen[$0]++) print }
' >"$lists/runtime.list"
echo "make-cds.sh: $(wc -l <"$lists/runtime.list") classes and lambda forms from $(ls "$lists"/*.classlist | wc -l) runs"
"$java" -Xshare:dump -XX:SharedClassListFile="$lists/runtime.list" \
  -XX:SharedArchiveFile="$tree/runtime/lib/server/drt.jsa" -Xlog:cds=error
# A check that the archive maps: -Xshare:on refuses to start otherwise.
"$java" -XX:SharedArchiveFile="$tree/runtime/lib/server/drt.jsa" -Xshare:on -version
