#!/usr/bin/env bash
# Runs on the lent GPU machine (../shared/gpu/README.md) with .gpu/ from prepare-carry.sh and the
# scenes of docs/RESULTS.md ("Distributed effects") in .gpu/data/fx: the 1080p 16-spp all-effects
# timing of balls_s4 (paired and single traversal of camera rays) and the per-effect pictures.
set -u
fx=.gpu/data/fx
pics=/tmp/effects
mkdir -p "$pics"
run() { bash .gpu/run.sh org.drtstudio.app.Main "$@"; }
big=(--width 1920 --height 1080 --spp 16 --backend gpu)
echo "== balls_s4, 1920x1080, 16 spp"
for trav in paired single paired single; do
  run render $fx/balls_effects.json -o /tmp/fx.png "${big[@]}" --filter tent --traversal $trav 2>&1 | grep wrote | sed "s/^/all effects, $trav: /"
  run render $fx/balls_s4.nff -o /tmp/plain.png "${big[@]}" --traversal $trav 2>&1 | grep wrote | sed "s/^/no effects, $trav: /"
done
cp /tmp/fx.png "$pics/balls_effects_1080p.png"
echo "== pictures"
small=(--width 480 --height 270 --backend gpu)
pic() { local name=$1; shift; run render "$@" -o "$pics/$name.png" "${small[@]}" 2>&1 | grep -E "wrote|error|warning"; }
pic aa_off scenes/default.nff --spp 1
pic aa_on scenes/default.nff --spp 64 --filter gaussian
pic dof_off scenes/default.nff --spp 64
pic dof_on scenes/default.nff --spp 64 --aperture 0.15 --focus 6.9
pic soft_off scenes/default.nff --spp 64 --light-radius 0
pic soft_on scenes/default.nff --spp 64 --light-radius 1.0
pic glossy_off $fx/default_mirror.json --spp 64
pic glossy_on $fx/default_glossy.json --spp 64
pic motion_off scenes/orbit.json --time 0.5 --spp 64 --shutter 0,0
pic motion_on scenes/orbit.json --time 0.5 --spp 64 --shutter -1,1
pic texture_flat $fx/spot/spot.obj --spp 16 --eye 2.2,1.0,2.5 --look 0,0.25,0
pic texture_bump $fx/spot/spot_bump.obj --spp 16 --eye 2.2,1.0,2.5 --look 0,0.25,0
tar -C "$pics" -cf "$OUT/effects.tar" .
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
