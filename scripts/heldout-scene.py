#!/usr/bin/env python3
"""A held-out noise scene: an NFF no sampler or denoiser setting was tuned on, made from a seed.

Random spheres and standing star-shaped polygons (diffuse, mirror, glass, plastic) over a
reflective floor, two point lights, the default scene's camera (so NoiseMeasurement's variants,
depth of field focused at 6.9 among them, suit it). docs/RESULTS.md measures seeds 101 and 202:
  python3 scripts/heldout-scene.py 101 > h101.nff
"""
import random, math, sys
seed=int(sys.argv[1]); r=random.Random(seed)
L=["v","from 0 2.4 8","at 0 0.7 0","up 0 1 0","angle 38","hither 0.01","resolution 160 120","b 0.2 0.25 0.35"]
L.append("l %.2f %.2f %.2f 1 0.95 0.9"%(r.uniform(-6,6),r.uniform(6,10),r.uniform(2,8)))
L.append("l %.2f %.2f %.2f 0.5 0.55 0.6"%(r.uniform(-8,8),r.uniform(4,8),r.uniform(-4,6)))
# reflective floor
L.append("f %.2f %.2f %.2f 0.8 0.3 20 0 1"%(r.uniform(.4,.9),r.uniform(.4,.9),r.uniform(.4,.9)))
L+=["p 4","-12 0 -12","-12 0 12","12 0 12","12 0 -12"]
for i in range(14):
    kind=r.choice(["diffuse","mirror","glass","plastic"])
    c=[r.uniform(.2,.95) for _ in range(3)]
    if kind=="diffuse": L.append("f %.2f %.2f %.2f 0.9 0 1 0 1"%tuple(c))
    elif kind=="mirror": L.append("f %.2f %.2f %.2f 0.1 0.9 40 0 1"%tuple(c))
    elif kind=="glass": L.append("f %.2f %.2f %.2f 0.1 0.1 40 0.9 1.5"%tuple(c))
    else: L.append("f %.2f %.2f %.2f 0.7 0.15 30 0 1"%tuple(c))
    x,z=r.uniform(-4,4),r.uniform(-5,3); rad=r.uniform(.25,.9)
    if r.random()<0.6:
        L.append("s %.3f %.3f %.3f %.3f"%(x,rad,z,rad))
    else:
        # a standing star-shaped polygon
        n=r.choice([5,6,7]); R=rad*1.4; y0=R+0.05; a0=r.uniform(0,6.28); rot=r.uniform(0,3.14)
        pts=[]
        for k in range(2*n):
            rr=R if k%2==0 else R*0.45; a=a0+k*math.pi/n
            u,v=rr*math.cos(a),rr*math.sin(a)
            pts.append((x+u*math.cos(rot),y0+v,z+u*math.sin(rot)))
        L.append("p %d"%len(pts)); L+=["%.3f %.3f %.3f"%p for p in pts]
print("\n".join(L))
