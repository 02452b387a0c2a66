#!/usr/bin/env bash
# Runs on a lent machine with several GPUs (../shared/gpu/README.md), with .gpu/ from prepare-carry.sh
# and the bunny packed as .gpu/bench-data.tgz (docs/BENCHMARKS.md, "Several GPUs"). Writes into $OUT:
# the gpus suite (one GPU against all, per tile size, 1080p and 4K) and drt render of one frame on
# one GPU and on all, compared byte for byte.
set -u
run() { bash .gpu/run.sh org.drtstudio.app.Main "$@"; }
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
mkdir -p /tmp/bench-data && tar xzf .gpu/bench-data.tgz -C /tmp/bench-data
name=${NAME:-gpus-$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr -cd 'A-Za-z0-9' | tr 'A-Z' 'a-z')}
run bench --suite gpus --data /tmp/bench-data ${BENCH_ARGS:-} --json "$OUT/$name.json" 2>&1 | grep -v '^ \{2,\}[a-z_0-9]\+ \{2,\}' | tail -40
# The user's path: the same still on one GPU and on all, byte for byte.
opts=(--width 3840 --height 2160 --spp 64 --aperture 0.15 --focus 6.9 --light-radius 1 --aov depth,normal,albedo)
for g in 1 all; do
  /usr/bin/time -f "render --gpus $g: %e s wall" bash .gpu/run.sh org.drtstudio.app.Main render scenes/default.nff "${opts[@]}" \
    --backend gpu --gpus "$g" -o "/tmp/still-$g.png" 2>&1 | grep -v '^rendering'
done
for f in png depth.pfm normal.pfm albedo.pfm; do
  cmp "/tmp/still-1.${f}" "/tmp/still-all.${f}" && echo "identical: still.${f}"
done
run render scenes/default.nff --gpus 9 -o /tmp/x.png 2>&1 | tail -1
