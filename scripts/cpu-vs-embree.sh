#!/usr/bin/env bash
# The CPU tracer against Embree on the same triangles, camera and rays, in one run on this machine:
# embree-oracle (../shared/peer, built outside the repository) and `drt bench --suite rays`, scene by
# scene, one after the other, on every scene of `drt bench --suite full` but bunny_18m: the SPD
# scenes as NFF with their own view (embree-oracle's camera line handed to drt), the models with
# the suite's close-up views (exported with --export-peer), and a generated city and terrain (drt
# generate). Prints a Markdown table (docs/BENCHMARKS.md, "The CPU tracer"); every log is under OUT.
# Usage: scripts/cpu-vs-embree.sh [OUT] [THREADS]     (default /tmp/cpu-vs-embree, 2 threads)
# Needs ../shared/peer, ../shared/data, Debian's libembree-dev (for the peer) and python3.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:-/tmp/cpu-vs-embree}
threads=${2:-2}
peer=../shared/peer/embree-oracle
[ -d "$peer" ] || { echo "cpu-vs-embree.sh: $peer is missing" >&2; exit 2; }
mkdir -p "$out/scenes"
make -s -C "$peer" O="$out/build" >&2
oracle=$out/build/embree-oracle

if [ ! -f "$out/scenes/bunny_1m.cam" ]; then
  ./drt bench --suite full --scenes dragon,bunny,lucy,armadillo,bunny_1m --backend none --cpu-threads 0 --repeats 1 \
    --export-peer "$out/scenes" >"$out/export.log" 2>&1
fi
# The SPD scenes as they are (spheres and all): embree-oracle's view of the file, as a --cam line for drt.
data=${DRT_DATA:-../shared/data}
for s in balls_s4 teapot_s12 gears_s4 tetra_s6; do
  [ -f "$out/scenes/$s.cam" ] && continue
  cp "$data/nff/$s.nff" "$out/scenes/$s.nff"
  "$oracle" --no-bench -o "$out/$s-view" "$out/scenes/$s.nff" >"$out/$s-view.log" 2>&1
  cam=$(sed -n 's/^camera *: //p' "$out/$s-view.log")
  light=$(sed -n 's/^light *: \([^ ]* [^ ]* [^ ]*\).*/\1/p' "$out/$s-view.log")
  echo "$cam --light $light" >"$out/scenes/$s.cam"
done
[ -f "$out/scenes/city.cam" ] || ./drt generate city --seed 7 --blocks 100 -o "$out/scenes/city.obj" 2>>"$out/export.log"
[ -f "$out/scenes/terrain.cam" ] || ./drt generate terrain --seed 7 --side 1025 -o "$out/scenes/terrain.obj" 2>>"$out/export.log"

scenes=(balls_s4 teapot_s12 gears_s4 tetra_s6 dragon bunny lucy armadillo bunny_1m city terrain)
for s in "${scenes[@]}"; do
  read -r -a args <"$out/scenes/$s.cam"
  file=$out/scenes/$s.obj
  [ -f "$file" ] || file=$out/scenes/$s.nff
  echo "cpu-vs-embree.sh: $s" >&2
  "$oracle" "${args[@]}" --threads "$threads" -o "$out/$s-embree" "$file" >"$out/$s-embree.log" 2>&1
  ./drt bench --suite rays --obj "$file" "${args[@]}" --cpu-threads "$threads" --json "$out/$s-drt.json" >"$out/$s-drt.log" 2>&1
done

python3 - "$out" "$threads" "${scenes[@]}" <<'EOF'
import json, sys
out, threads, scenes = sys.argv[1], sys.argv[2], sys.argv[3:]
print(f"| scene | primitives | Embree primary | DRT primary | ratio | Embree shadow | DRT shadow | ratio | hits (Embree / DRT) | occluded (Embree / DRT) | DRT's walk |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|")
for s in scenes:
    e = next(json.loads(l[6:]) for l in open(f"{out}/{s}-embree.log") if l.startswith("json: "))
    d = json.load(open(f"{out}/{s}-drt.json"))["cpu_tracer"]
    print(f"| {s} | {e['tris'] + e['spheres']:,} | {e['primary_x1_mrays']:.2f} | {d['primary_mrays_per_s']:.2f} | "
          f"**{d['primary_mrays_per_s'] / e['primary_x1_mrays']:.2f}** | {e['shadow_x1_mrays']:.2f} | {d['shadow_mrays_per_s']:.2f} | "
          f"**{d['shadow_mrays_per_s'] / e['shadow_x1_mrays']:.2f}** | {e['hits']:,} / {d['hits']:,} | {e['occluded']:,} / {d['occluded']:,} | {d['walk']} |")
print(f"\n{threads} threads each; Mrays/s; Embree: rtcIntersect1 / rtcOccluded1 (embree-oracle's x1 figures).")
EOF
