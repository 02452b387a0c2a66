#!/usr/bin/env bash
# Sets up a fresh Debian machine for DRT Studio's tests and runs them all.
# Installs (with apt-get, only when missing) a JDK 17, Maven and Mesa's EGL/OpenGL (llvmpipe), which
# the GPU tracer's tests run on when there is no GPU.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

need=()
command -v javac >/dev/null || need+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || need+=(maven)
ldconfig -p | grep -q 'libEGL.so.1' || need+=(libegl1)
ls /usr/share/glvnd/egl_vendor.d/*mesa*.json >/dev/null 2>&1 || need+=(libegl-mesa0)
ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1 || need+=(libgl1-mesa-dri)
ldconfig -p | grep -q 'libGL.so.1' || need+=(libgl1)
if [ ${#need[@]} -gt 0 ]; then
  echo "test.sh: installing ${need[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
fi

mvn -B --no-transfer-progress -Dstyle.color=never test
