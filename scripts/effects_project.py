#!/usr/bin/env python3
"""Turns a DRT project (e.g. from `drt convert scene.nff scene.json`) into one with every distributed
effect on: a thin lens, spherical lights, glossy materials and a root node that moves while the
shutter of frame 0 is open. Used for the all-effects timings and pictures in docs/RESULTS.md.

usage: effects_project.py IN.json OUT.json [--aperture A] [--focus D] [--light-radius R]
                          [--roughness G] [--move dx,dy,dz]
"""
import argparse
import json
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--aperture", type=float, default=0.05, help="lens radius, scene units")
    ap.add_argument("--focus", type=float, default=0.0, help="focus distance (0 = the look point)")
    ap.add_argument("--light-radius", type=float, default=0.3)
    ap.add_argument("--roughness", type=float, default=0.1, help="for every material that reflects")
    ap.add_argument("--move", default="0.05,0,0", help="displacement of the root during frame 0's shutter")
    a = ap.parse_args()
    with open(a.input) as f:
        doc = json.load(f)
    if doc.get("format") != "drt-project":
        sys.exit(f"{a.input}: not a DRT project (make one with drt convert)")
    doc["camera"]["aperture"] = a.aperture
    doc["camera"]["focusDistance"] = a.focus
    for key in doc.get("cameraKeys", []):
        key["camera"]["aperture"] = a.aperture
        key["camera"]["focusDistance"] = a.focus
    for light in doc["lights"]:
        if "edgeU" not in light:
            light["radius"] = a.light_radius
    for m in doc["materials"]:
        if m["reflectivity"] > 0 or m["transparency"] > 0:
            m["roughness"] = a.roughness
    anim = doc["animation"]
    close = anim["shutterClose"] / anim["fps"]
    if close <= 0:
        sys.exit(f"{a.input}: the shutter is closed; nothing can move while it is open")
    move = [float(v) for v in a.move.split(",")]
    start = doc["root"]["transform"]["translation"]
    end = [s + m for s, m in zip(start, move)]
    doc["root"]["keys"] = {"position": [
        {"time": 0.0, "interpolation": "linear", "value": start},
        {"time": close, "interpolation": "linear", "value": end}]}
    with open(a.output, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
