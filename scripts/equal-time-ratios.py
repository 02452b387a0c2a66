#!/usr/bin/env python3
"""Denoised over plain, per sample and at equal time, from a noise CSV (docs/RESULTS.md's tables).

Reads scripts/denoise-equal-time.sh's CSVs (case,kind,spp,seconds,rmse) or GpuNoiseCurves' (scene,spp,seed,kind,
wall_ms,trace_ms,rmse; seed 1 only). Per scene and denoised sample count: the denoised RMSE over plain's at the same
count, and over plain's at the denoised render's time, interpolated log-log between the two plain renders around it
(beyond them, plain's error taken to fall as 1/sqrt(time) from the nearest).
    python3 scripts/equal-time-ratios.py docs/bench/denoise-equal-time/960x540-after.csv [SPP...]
"""
import collections
import csv
import math
import sys


def load(path):
    by = collections.defaultdict(lambda: collections.defaultdict(dict))
    for r in csv.DictReader(open(path)):
        if r.get("seed", "1") != "1":
            continue
        scene = r.get("case") or r["scene"]
        seconds = float(r["seconds"]) if "seconds" in r else float(r["wall_ms"]) / 1e3
        by[scene][r["kind"]][int(r["spp"])] = (seconds, float(r["rmse"]))
    return by


def plain_at(plain, t):
    pts = sorted(plain.values())
    for (t0, e0), (t1, e1) in zip(pts, pts[1:]):
        if t0 <= t <= t1:
            a = (math.log(t) - math.log(t0)) / (math.log(t1) - math.log(t0)) if t1 > t0 else 0
            return math.exp(math.log(e0) + a * (math.log(e1) - math.log(e0)))
    t0, e0 = pts[-1] if t > pts[-1][0] else pts[0]
    return e0 * math.sqrt(t0 / t)


def main():
    by = load(sys.argv[1])
    counts = [int(a) for a in sys.argv[2:]] or [16]
    print("scene,spp,plain_rmse,denoised_rmse,plain_s,denoised_s,per_sample,equal_time")
    for scene, kinds in by.items():
        plain, denoised = kinds["plain"], kinds["denoised"]
        for spp in counts:
            if spp not in denoised or spp not in plain:
                continue
            t, e = denoised[spp]
            print("%s,%d,%.4f,%.4f,%.3f,%.3f,%.3f,%.3f" % (scene, spp, plain[spp][1], e, plain[spp][0], t,
                                                         e / plain[spp][1], e / plain_at(plain, t)))


if __name__ == "__main__":
    main()
