package org.drtstudio.bench;

import org.drtstudio.scene.TriangleMesh;

/** Deterministic generated meshes for benchmarks, so large scenes need not live in git. */
public final class ProceduralMeshes {
    private ProceduralMeshes() {
    }

    /**
     * A unit sphere with a bumpy radial displacement, {@code 2 · rings · segments} triangles
     * (e.g. 224 × 224 → 100,352), radial normals.
     */
    public static TriangleMesh bumpySphere(int rings, int segments) {
        if (rings < 2 || segments < 3) throw new IllegalArgumentException("need rings ≥ 2 and segments ≥ 3");
        float[] p = new float[3 * (rings + 1) * (segments + 1)], n = new float[p.length];
        int k = 0;
        for (int r = 0; r <= rings; r++) {
            double th = Math.PI * r / rings;
            for (int s = 0; s <= segments; s++) {
                double ph = 2 * Math.PI * s / segments;
                double x = Math.sin(th) * Math.cos(ph), y = Math.cos(th), z = Math.sin(th) * Math.sin(ph);
                double rad = 1 + 0.08 * Math.sin(7 * ph) * Math.sin(5 * th) + 0.03 * Math.sin(23 * ph + 11 * th);
                p[k] = (float) (x * rad);
                p[k + 1] = (float) (y * rad);
                p[k + 2] = (float) (z * rad);
                n[k] = (float) x;
                n[k + 1] = (float) y;
                n[k + 2] = (float) z;
                k += 3;
            }
        }
        int[] idx = new int[6 * rings * segments];
        int i = 0;
        for (int r = 0; r < rings; r++) {
            for (int s = 0; s < segments; s++) {
                int a = r * (segments + 1) + s, b = a + segments + 1;
                idx[i++] = a; idx[i++] = a + 1; idx[i++] = b;
                idx[i++] = a + 1; idx[i++] = b + 1; idx[i++] = b;
            }
        }
        return new TriangleMesh("bumpy sphere " + rings + "x" + segments, p, n, null, idx, new int[idx.length / 3]);
    }
}
