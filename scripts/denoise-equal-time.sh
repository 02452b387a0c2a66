#!/usr/bin/env bash
# Denoised against plain at equal wall time, through `drt render` as a user runs it (issue 40;
# docs/RESULTS.md, "At the sizes users render"). Builds are compared through their pictures only, so
# an old commit's `drt` runs the same cases as today's.
#
#   scripts/denoise-equal-time.sh cases DIR SEED...
#       DIR/cases: the four measurement scenes (scenes/default.nff with depth of field, soft shadows,
#       glossy reflections, all three) and one held-out scene per SEED (scripts/heldout-scene.py, all
#       three effects); "glossy" is every reflective material at roughness 0.15, as NoiseMeasurement has it.
#   scripts/denoise-equal-time.sh reference DIR W H SPP DRT...
#       DIR/WxH/CASE.ref.exr for every case, rendered by the command DRT (a GPU machine's drt: the GPU
#       tracer is the CPU tracer's twin) with seed 1000003.
#   scripts/denoise-equal-time.sh measure DIR W H LABEL DRT...
#       plain renders at 16, 32, 64 and 128 spp and denoised ones at 8, 16 and 32 spp (or RUNS="plain:16
#       denoised:16 ...") of every case on the CPU tracer (seed 1), each timed as `drt render -v` reports
#       the render (the scene's load and the JVM's start left out), added to DIR/WxH/LABEL.times; CASES="a|b"
#       measures only those cases (so that two builds can take turns case by case).
#   scripts/denoise-equal-time.sh errors DIR W H LABEL
#       their RMSE against the references: DIR/WxH/LABEL.csv, rows case,kind,spp,seconds,rmse; its ratios, per
#       sample and at equal time: python3 scripts/equal-time-ratios.py DIR/WxH/LABEL.csv.
#   scripts/denoise-equal-time.sh anchor-inputs DIR W H DRT...
#       per case, 16 spp, seed 1, the CPU tracer: drt's denoised picture (DIR/WxH/anchor/CASE-ours.exr) and, from
#       the same samples, the noisy radiance and the guides as PFM (CASE.noisy.pfm, CASE.albedo.pfm, CASE.normal.pfm)
#   scripts/denoise-equal-time.sh anchor DIR W H WEIGHTS.tza[:ALB.tza:NRM.tza]...
#       Open Image Denoise's network on those inputs for each weights file (scripts/oidn-anchor.py), and the RMSE
#       of plain, drt's denoiser and each network's output against the references: DIR/WxH/anchor.csv.
# DRT is a command line, e.g. ./drt or "java -jar OLD/target/drt.jar". RMSE: scripts/lab.sh PictureError.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=$1 dir=$2
shift 2
FX="--aperture 0.15 --focus 6.9 --light-radius 1"

glossy() { # NFF-or-project → project with roughness 0.15 on every reflective material
  local json=$2.tmp.json
  "$root/drt" convert "$1" "$json" >/dev/null 2>&1
  python3 - "$json" "$2" <<'EOF'
import json, sys
p = json.load(open(sys.argv[1]))
for m in p["materials"]:
    if m.get("reflectivity", 0) > 0: m["roughness"] = 0.15
json.dump(p, open(sys.argv[2], "w"), indent=1)
EOF
  rm -f "$json"
}

case $mode in
cases)
  mkdir -p "$dir"
  cp "$root/scenes/default.nff" "$dir/default.nff"
  glossy "$dir/default.nff" "$dir/default-glossy.json"
  { # scene files relative to DIR, so that DIR can be taken to another machine
    echo "depth-of-field|default.nff|--aperture 0.15 --focus 6.9"
    echo "soft-shadows|default.nff|--light-radius 1"
    echo "glossy|default-glossy.json|"
    echo "all-three|default-glossy.json|$FX"
    for seed in "$@"; do
      python3 "$root/scripts/heldout-scene.py" "$seed" > "$dir/h$seed.nff"
      glossy "$dir/h$seed.nff" "$dir/h$seed-glossy.json"
      echo "held-out-$seed|h$seed-glossy.json|$FX"
    done
  } > "$dir/cases"
  cat "$dir/cases"
  ;;
reference)
  w=$1 h=$2 spp=$3
  shift 3
  mkdir -p "$dir/${w}x$h"
  while IFS='|' read -r name file flags; do
    # shellcheck disable=SC2086 # flags are words
    "$@" render "$dir/$file" $flags --width "$w" --height "$h" --spp "$spp" --seed 1000003 \
      -o "$dir/${w}x$h/$name.ref.exr" --force < /dev/null # half floats: 0.015 of RMSE against float, measured
  done < "$dir/cases"
  ;;
measure)
  w=$1 h=$2 label=$3
  shift 3
  out=$dir/${w}x$h/$label
  mkdir -p "$out"
  [ -f "$out.times" ] || echo "case,kind,spp,seconds" > "$out.times"
  while IFS='|' read -r name file flags; do
    [[ $name =~ ^(${CASES:-.*})$ ]] || continue
    for run in ${RUNS:-plain:16 plain:32 plain:64 plain:128 denoised:8 denoised:16 denoised:32}; do
      kind=${run%:*} spp=${run#*:}
      extra=""; [ "$kind" = denoised ] && extra="--denoise"
      # shellcheck disable=SC2086
      log=$("$@" render "$dir/$file" $flags $extra --backend cpu --width "$w" --height "$h" --spp "$spp" --seed 1 \
        -o "$out/$name-$kind-$spp.exr" --exr-precision float --force -v < /dev/null 2>&1)
      seconds=$(grep -o "^drt: wrote .* in [0-9.]* s" <<< "$log" | grep -o "[0-9.]* s$" | tr -d ' s')
      [ -n "$seconds" ] || { echo "$log" >&2; exit 1; }
      echo "$name,$kind,$spp,$seconds" | tee -a "$out.times"
    done
  done < "$dir/cases"
  ;;
errors)
  w=$1 h=$2 label=$3
  out=$dir/${w}x$h/$label
  echo "case,kind,spp,seconds,rmse" > "$out.csv"
  for name in $(tail -n +2 "$out.times" | cut -d, -f1 | uniq); do
    # One JVM a case: its pictures against its reference, in the order timed.
    pictures=$(grep "^$name," "$out.times" | awk -F, -v o="$out" '{print o "/" $1 "-" $2 "-" $3 ".exr"}')
    # shellcheck disable=SC2086 # paths without spaces: DIR's and the case names
    "$root/scripts/lab.sh" PictureError "$dir/${w}x$h/$name.ref.exr" $pictures | awk '{print $2}' \
      | paste -d, <(grep "^$name," "$out.times") - | tee -a "$out.csv"
  done
  ;;
anchor-inputs)
  w=$1 h=$2
  shift 2
  out=$dir/${w}x$h/anchor
  mkdir -p "$out"
  while IFS='|' read -r name file flags; do
    # shellcheck disable=SC2086
    "$@" render "$dir/$file" $flags --denoise --backend cpu --width "$w" --height "$h" --spp 16 --seed 1 \
      -o "$out/$name-ours.exr" --exr-precision float --force < /dev/null
    # shellcheck disable=SC2086
    "$@" render "$dir/$file" $flags --denoise --backend cpu --width "$w" --height "$h" --spp 16 --seed 1 \
      -o "$out/$name.png" --aov noisy,albedo,normal --force < /dev/null
  done < "$dir/cases"
  ;;
anchor)
  w=$1 h=$2
  shift 2
  out=$dir/${w}x$h/anchor
  header="case,plain,drt"
  label() { basename "${1%%:*}" .tza; }
  for weights in "$@"; do header="$header,$(label "$weights")"; done
  echo "$header" > "$dir/${w}x$h/anchor.csv"
  while IFS='|' read -r name _ _; do
    pictures="$out/$name.noisy.pfm $out/$name-ours.exr"
    for weights in "$@"; do
      python3 "$root/scripts/oidn-anchor.py" "$weights" "$out/$name.noisy.pfm" "$out/$name.albedo.pfm" \
        "$out/$name.normal.pfm" "$out/$name-$(label "$weights").pfm" >&2
      pictures="$pictures $out/$name-$(label "$weights").pfm"
    done
    # shellcheck disable=SC2086 # paths without spaces
    echo "$name,$("$root/scripts/lab.sh" PictureError "$dir/${w}x$h/$name.ref.exr" $pictures | awk '{print $2}' | paste -sd,)" \
      | tee -a "$dir/${w}x$h/anchor.csv"
  done < "$dir/cases"
  ;;
*)
  echo "usage: scripts/denoise-equal-time.sh cases|reference|measure|errors|anchor-inputs|anchor DIR ..." >&2
  exit 2
  ;;
esac
