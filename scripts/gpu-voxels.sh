#!/usr/bin/env bash
# Runs on a lent GPU (../shared/gpu/README.md) with .gpu/ from prepare-carry.sh: the voxel suite
# (docs/VOXELS.md: portal kernel, renderer frames with --accel portals against bvh, their agreement)
# and drt render of the shipped maze with each structure at 1080p, compared byte for byte.
set -u
run() { bash .gpu/run.sh org.drtstudio.app.Main "$@"; }
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
name=${NAME:-voxels-$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr -cd 'A-Za-z0-9' | tr 'A-Z' 'a-z')}
run bench --suite voxels --repeats "${REPEATS:-7}" --json "$OUT/$name.json" 2>&1 | grep -v '^ \{2,\}[a-z_0-9]\+ \{2,\}' | tail -12
opts=(--width 1920 --height 1080 --spp 16 --light-radius 3 --backend gpu)
for a in bvh portals; do
  /usr/bin/time -f "render --accel $a: %e s wall" bash .gpu/run.sh org.drtstudio.app.Main render scenes/maze.vox "${opts[@]}" \
    --accel "$a" -o "/tmp/maze-$a.png" 2>&1 | grep -v '^rendering'
done
cmp /tmp/maze-bvh.png /tmp/maze-portals.png && echo "identical: maze 1080p, 16 spp, soft shadows"
cp /tmp/maze-portals.png "$OUT/maze-portals.png"
