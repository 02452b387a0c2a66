#!/usr/bin/env bash
# Runs on the lent GPU machine (see ../shared/gpu/README.md) with .gpu/ from prepare-carry.sh:
# the instancing and traversal benchmarks and an animated frame sequence. Writes into $OUT.
set -u
run() { bash .gpu/run.sh org.drtstudio.app.Main "$@"; }
run bench --suite instancing --backend gpu --json "$OUT/instancing-h100.json" 2>&1 | tail -14
run render scenes/orbit.json --frames 0-23 -o /tmp/orbit_####.png --width 1920 --height 1080 --backend gpu 2>&1 | grep wrote | tail -5
cp /tmp/orbit_0012.png "$OUT/"
run bench --suite traversal --backend gpu --json "$OUT/traversal-h100.json" 2>&1 | tail -16
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
