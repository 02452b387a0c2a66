#!/usr/bin/env bash
# Runs on the lent GPU machine (see ../shared/gpu/README.md): renders the scenes on the GPU
# at 1920x1080 with timings, and GPU + CPU depth AOVs at 960x540 for the agreement check.
# Expects .gpu/ (prepare-carry.sh) and the scenes copied into .gpu/data/. Writes into $OUT.
set -u
run() { bash .gpu/run.sh org.drtstudio.app.Main "$@"; }
run render scenes/default.nff -o "$OUT/default_gpu.png" --backend gpu --spp 4 2>&1 | grep -v '^rendering'
for s in balls_s4.nff teapot_s12.nff stanford-bunny.obj; do
  name=${s%.*}
  for i in 1 2; do
    run render ".gpu/data/$s" -o "/tmp/${name}_1080.png" --width 1920 --height 1080 --backend gpu 2>&1 | grep -v '^rendering'
  done
  run render ".gpu/data/$s" -o "$OUT/${name}_gpu.png" --width 960 --height 540 --backend gpu --aov depth 2>&1 | grep -v '^rendering'
  run render ".gpu/data/$s" -o "/tmp/${name}_cpu.png" --width 960 --height 540 --backend cpu --aov depth 2>&1 | grep -v '^rendering'
  cp "/tmp/${name}_cpu.depth.pfm" "$OUT/"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
