package org.drtstudio.bench;

import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.TriangleMesh;

import java.util.Arrays;

/**
 * Makes a large mesh of unique triangles from a shipped model, deterministically: each level splits
 * every triangle into four at its edge midpoints (shared between neighbours, so the surface stays
 * closed), then every vertex moves along its normal by a sum of sines of its position, so no two
 * triangles are copies of each other. Normals are recomputed (area-weighted) after displacement.
 * Two levels turn the 69,451-triangle Stanford bunny into 1,111,216 triangles.
 */
public final class DisplacedSubdivision {
    private DisplacedSubdivision() {
    }

    /**
     * @param levels    subdivision levels (each multiplies the triangle count by 4)
     * @param amplitude displacement amplitude as a fraction of the mesh's bounding-box diagonal
     */
    public static TriangleMesh of(TriangleMesh base, int levels, float amplitude) {
        if (levels < 0 || levels > 6) throw new IllegalArgumentException("levels must be 0..6, got " + levels);
        float[] p = base.positions();
        int[] idx = base.indices();
        int[] mats = base.triangleMaterials();
        for (int l = 0; l < levels; l++) {
            Level next = subdivide(p, idx, mats);
            p = next.positions;
            idx = next.indices;
            mats = next.materials;
        }
        float[] n = vertexNormals(p, idx);
        float diagonal = diagonal(p);
        float a = amplitude * diagonal, k = 40f / diagonal;
        for (int v = 0; v < p.length; v += 3) {
            float x = p[v], y = p[v + 1], z = p[v + 2];
            float h = (float) (Math.sin(k * x) * Math.sin(1.3 * k * y) * Math.sin(0.7 * k * z)
                    + 0.5 * Math.sin(3.1 * k * (x + y)) * Math.cos(2.3 * k * (y - z)));
            p[v] += a * h * n[v];
            p[v + 1] += a * h * n[v + 1];
            p[v + 2] += a * h * n[v + 2];
        }
        return new TriangleMesh(base.name() + " subdivided " + levels + "x, displaced", p, vertexNormals(p, idx), null, idx, mats);
    }

    private record Level(float[] positions, int[] indices, int[] materials) {
    }

    private static Level subdivide(float[] p, int[] idx, int[] mats) {
        int vertices = p.length / 3, triangles = idx.length / 3;
        // At most one new vertex per edge; edges ≤ 3 × triangles (exactly 1.5 × for a closed mesh).
        EdgeMap edges = new EdgeMap(3 * triangles);
        float[] out = Arrays.copyOf(p, 3 * (vertices + 3 * triangles));
        int next = vertices;
        int[] newIdx = new int[4 * idx.length];
        int[] newMats = new int[4 * triangles];
        for (int t = 0; t < triangles; t++) {
            int a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2];
            int[] mid = new int[3];
            int[][] pairs = {{a, b}, {b, c}, {c, a}};
            for (int e = 0; e < 3; e++) {
                int u = pairs[e][0], v = pairs[e][1];
                int m = edges.get(u, v);
                if (m < 0) {
                    m = next++;
                    edges.put(u, v, m);
                    for (int i = 0; i < 3; i++) out[3 * m + i] = 0.5f * (p[3 * u + i] + p[3 * v + i]);
                }
                mid[e] = m;
            }
            int ab = mid[0], bc = mid[1], ca = mid[2];
            int[] tris = {a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca};
            System.arraycopy(tris, 0, newIdx, 12 * t, 12);
            Arrays.fill(newMats, 4 * t, 4 * t + 4, mats[t]);
        }
        return new Level(Arrays.copyOf(out, 3 * next), newIdx, newMats);
    }

    static float[] vertexNormals(float[] p, int[] idx) {
        float[] n = new float[p.length];
        for (int t = 0; t < idx.length; t += 3) {
            int a = 3 * idx[t], b = 3 * idx[t + 1], c = 3 * idx[t + 2];
            float e1x = p[b] - p[a], e1y = p[b + 1] - p[a + 1], e1z = p[b + 2] - p[a + 2];
            float e2x = p[c] - p[a], e2y = p[c + 1] - p[a + 1], e2z = p[c + 2] - p[a + 2];
            float nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
            for (int v : new int[]{a, b, c}) {
                n[v] += nx;
                n[v + 1] += ny;
                n[v + 2] += nz;
            }
        }
        for (int v = 0; v < n.length; v += 3) {
            float len = (float) Math.sqrt(n[v] * n[v] + n[v + 1] * n[v + 1] + n[v + 2] * n[v + 2]);
            if (len > 0) {
                n[v] /= len;
                n[v + 1] /= len;
                n[v + 2] /= len;
            } else {
                n[v + 2] = 1; // an isolated or degenerate vertex: any unit normal will do
            }
        }
        return n;
    }

    private static float diagonal(float[] p) {
        Vec3 extent = Aabb.ofPoints(p).extent();
        double dx = extent.x(), dy = extent.y(), dz = extent.z();
        return (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** Open-addressing map from an undirected edge (two vertex indices) to its midpoint vertex. */
    private static final class EdgeMap {
        private final long[] keys;
        private final int[] values;
        private final int mask;

        EdgeMap(int capacity) {
            int size = Integer.highestOneBit(Math.max(4, 2 * capacity) - 1) << 1;
            keys = new long[size];
            Arrays.fill(keys, -1L);
            values = new int[size];
            mask = size - 1;
        }

        private static long key(int u, int v) {
            return u < v ? ((long) u << 32) | v : ((long) v << 32) | u;
        }

        private int slot(long key) {
            long h = key * 0x9E3779B97F4A7C15L;
            int s = (int) (h >>> 33) & mask;
            while (keys[s] != -1L && keys[s] != key) s = (s + 1) & mask;
            return s;
        }

        int get(int u, int v) {
            int s = slot(key(u, v));
            return keys[s] == -1L ? -1 : values[s];
        }

        void put(int u, int v, int value) {
            long k = key(u, v);
            int s = slot(k);
            keys[s] = k;
            values[s] = value;
        }
    }
}
