#!/usr/bin/env bash
# Runs a lab program: the research and measurement programs (noise curves, adaptive sampling, the
# accel report, hierarchy and grid benchmarks, the schedule check, the GL probe) that are not part
# of drt.jar. They live in the test tree (src/test/java/org/drtstudio/lab, and render/gl/GlProbe),
# build with the tests, and CI runs each on a tiny input (lab.LabProgramsSmokeTest).
#
# Usage: scripts/lab.sh NAME [ARGS...]
#   NAME: a program of org.drtstudio.lab (NoiseMeasurement, NoiseCurves, ...) or a full class name
#   (org.drtstudio.render.gl.GlProbe). JAVA_OPTS passes JVM options: JAVA_OPTS=-Xmx8g scripts/lab.sh ...
# Builds (mvn -DskipTests package: the jar, its libraries and the compiled tests) when the build is
# missing or older than the sources, as ./drt does. Paths in ARGS are relative to where it is run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ $# -eq 0 ]; then
  echo "usage: scripts/lab.sh NAME [ARGS...]; the programs:" >&2
  (cd "$root/src/test/java" && grep -rl "public static void main" org/drtstudio/lab org/drtstudio/render/gl \
    | sed 's/\.java$//; s#/#.#g; s/^org\.drtstudio\.lab\.//' | sort | sed 's/^/  /') >&2
  exit 2
fi
name=$1
shift
[[ $name == *.* ]] || name=org.drtstudio.lab.$name
stamp="$root/target/test-classes"
if [ ! -f "$root/target/drt.jar" ] || [ ! -d "$stamp" ] \
  || [ -n "$(find "$root/src" "$root/shaders" "$root/pom.xml" -newer "$root/target/drt.jar" -print -quit 2>/dev/null)" ]; then
  command -v mvn >/dev/null || { echo "lab: Maven (mvn) is needed to build the lab programs" >&2; exit 2; }
  echo "lab: building (first run or sources changed)..." >&2
  log=$(mktemp)
  (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package) >"$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; echo "lab: build failed" >&2; exit 2; }
  rm -f "$log"
fi
exec java ${JAVA_OPTS:-} -Djava.awt.headless=true -Ddrt.home="$root" \
  -cp "$root/target/drt.jar:$root/target/test-classes:$root/target/lib/*" "$name" "$@"
