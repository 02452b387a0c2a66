#!/usr/bin/env bash
# Sets up a fresh Debian machine for DRT Studio's tests and runs them all.
# Then builds the installers and checks them installed (installer/check-install.sh).
# Installs (with apt-get, only when missing) a JDK 17, Maven and Mesa's EGL/OpenGL (llvmpipe), which
# the GPU tracer's tests run on when there is no GPU, Embree 3 (the CPU tracer's walk), plus what the studio's UI tests need: a virtual
# X display (Xvfb) with a window manager (openbox, as users have: it decides window sizes, placement
# and focus), GTK 3 and the X libraries JavaFX loads, and a font; and ffmpeg, which the render farm's
# --video assembles frames with. The test classes run in DRT_TEST_FORKS (default 2) JVMs at once, each
# on a 1600x1000 Xvfb desktop of its own with openbox (scripts/with-display.sh --forks), JavaFX in
# software (-Dprism.order=sw) — also when there is a DISPLAY, since two JVMs' robots on one desktop
# would take the focus from each other. DRT_TEST_FORKS=1 with a DISPLAY runs them in one JVM on that
# display as it is (to watch them), and without one in one JVM on one Xvfb desktop. Slurm (slurm-wlm's daemons and munge) is installed and started
# as a one-machine cluster for the render farm's tests (scripts/slurm-local.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

need=()
command -v javac >/dev/null || need+=(openjdk-17-jdk-headless)
command -v jlink >/dev/null || need+=(openjdk-17-jdk-headless) # installer/build.sh
command -v mvn >/dev/null || need+=(maven)
ldconfig -p | grep 'libEGL.so.1' >/dev/null || need+=(libegl1)
ls /usr/share/glvnd/egl_vendor.d/*mesa*.json >/dev/null 2>&1 || need+=(libegl-mesa0)
ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1 || need+=(libgl1-mesa-dri)
ldconfig -p | grep 'libGL.so.1' >/dev/null || need+=(libgl1)
command -v xvfb-run >/dev/null || need+=(xvfb xauth)
command -v openbox >/dev/null || need+=(openbox)
command -v xprop >/dev/null || need+=(x11-utils)
ldconfig -p | grep 'libgtk-3.so.0' >/dev/null || need+=(libgtk-3-0)
ldconfig -p | grep 'libXtst.so.6' >/dev/null || need+=(libxtst6)
ldconfig -p | grep 'libXxf86vm.so.1' >/dev/null || need+=(libxxf86vm1)
fc-list 2>/dev/null | grep . >/dev/null || need+=(fontconfig fonts-dejavu-core)
command -v ffmpeg >/dev/null || need+=(ffmpeg) # the render farm's --video (FarmTaskMergeTest's video check)
ldconfig -p | grep 'libembree3.so.3' >/dev/null || need+=(libembree3-3) # the CPU tracer's walk (render.embree); the tarball carries it
command -v oiiotool >/dev/null || need+=(openimageio-tools) # ExrOutputTest reads drt's EXR layers back with another tool
command -v exrheader >/dev/null || need+=(openexr) # … and OpenEXR's own header dump
command -v lintian >/dev/null || need+=(lintian) # installer/check-install.sh: the .deb has no lintian errors
if [ ${#need[@]} -gt 0 ]; then
  echo "test.sh: installing ${need[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
fi

# The render farm's tests submit to Slurm: a one-machine cluster (munged, slurmctld, slurmd on this
# machine; docs/FARM.md), installed and started here. Where it cannot start, those tests are skipped
# with the reason and the rest run.
bash scripts/slurm-local.sh start || echo "test.sh: no one-machine Slurm cluster; the farm's cluster tests will be skipped"

# Two JVMs: most of a UI test's time is waiting on JavaFX and Xvfb, which a second JVM fills.
forks=${DRT_TEST_FORKS:-2}
run=(mvn -B --no-transfer-progress -Dstyle.color=never test)
if [ "$forks" != 1 ]; then
  run=(scripts/with-display.sh --forks "$forks" "${run[@]}")
elif [ -z "${DISPLAY:-}" ]; then
  run=(scripts/with-display.sh "${run[@]}")
fi
"${run[@]}"
# The installers: the .deb and the tarball built, installed, used and removed (docs/INSTALL.md).
bash installer/check-install.sh
