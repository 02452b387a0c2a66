package org.drtstudio.io.nff;

import org.drtstudio.math.EarClipBudget;
import org.drtstudio.scene.TriangleMesh;

import java.util.Arrays;

/**
 * Accumulates triangles with per-vertex normals and per-triangle materials into growable arrays,
 * then freezes them into one {@link TriangleMesh}. Polygons never share vertices: NFF gives no
 * connectivity, and a flat polygon's vertex normals are its own face normal.
 */
final class MeshBuilder {
    /**
     * Polygons are ear-clipped while the file's budget lasts, then fanned: ear clipping is quadratic
     * and worse on self-intersecting garbage (a random 4096-gon takes about a second).
     */
    private final EarClipBudget earClipping = new EarClipBudget();
    private float[] positions = new float[3 * 1024];
    private float[] normals = new float[3 * 1024];
    private int vertexCount;
    private int[] indices = new int[3 * 1024];
    private int[] materials = new int[1024];
    private int triangleCount;

    boolean isEmpty() {
        return triangleCount == 0;
    }

    /** Appends a vertex; the normal is stored as given (callers pass unit vectors). */
    int addVertex(float x, float y, float z, float nx, float ny, float nz) {
        if (3 * vertexCount == positions.length) {
            int grown = grow(positions.length);
            positions = Arrays.copyOf(positions, grown);
            normals = Arrays.copyOf(normals, grown);
        }
        int k = 3 * vertexCount;
        positions[k] = x;
        positions[k + 1] = y;
        positions[k + 2] = z;
        normals[k] = nx;
        normals[k + 1] = ny;
        normals[k + 2] = nz;
        return vertexCount++;
    }

    void addTriangle(int a, int b, int c, int material) {
        if (3 * triangleCount == indices.length) {
            indices = Arrays.copyOf(indices, grow(indices.length));
            materials = Arrays.copyOf(materials, indices.length / 3);
        }
        int k = 3 * triangleCount;
        indices[k] = a;
        indices[k + 1] = b;
        indices[k + 2] = c;
        materials[triangleCount++] = material;
    }

    /**
     * Adds a planar polygon, convex or concave, keeping its winding.
     *
     * @param xyz           n vertices, x,y,z each
     * @param vertexNormals n normals (need not be unit; zero ones get the face normal), or null for a
     *                      flat polygon whose vertices all get the face normal
     * @param line          the polygon's line, for {@link #earClipping()}
     */
    void addPolygon(float[] xyz, float[] vertexNormals, int n, int material, int line) {
        float[] face = faceNormal(xyz, n);
        int first = vertexCount;
        for (int i = 0; i < n; i++) {
            float nx = face[0], ny = face[1], nz = face[2];
            if (vertexNormals != null) {
                double x = vertexNormals[3 * i], y = vertexNormals[3 * i + 1], z = vertexNormals[3 * i + 2];
                double len = Math.sqrt(x * x + y * y + z * z);
                if (len > 0 && Double.isFinite(len)) {
                    nx = (float) (x / len);
                    ny = (float) (y / len);
                    nz = (float) (z / len);
                }
            }
            addVertex(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2], nx, ny, nz);
        }
        int[] corners = earClipping.triangulate(xyz, n, line);
        for (int k = 0; k < corners.length; k += 3) {
            addTriangle(first + corners[k], first + corners[k + 1], first + corners[k + 2], material);
        }
    }

    /** The ear clipping done so far, whose polygon labels are lines. */
    EarClipBudget earClipping() {
        return earClipping;
    }

    /**
     * Unit normal of the polygon by Newell's method, which is right for concave polygons too and
     * points the way a counter-clockwise winding faces. A degenerate polygon (no area) gets +z so
     * that every stored normal is a unit vector.
     */
    static float[] faceNormal(float[] xyz, int n) {
        double nx = 0, ny = 0, nz = 0;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            double xi = xyz[3 * i], yi = xyz[3 * i + 1], zi = xyz[3 * i + 2];
            double xj = xyz[3 * j], yj = xyz[3 * j + 1], zj = xyz[3 * j + 2];
            nx += (yi - yj) * (zi + zj);
            ny += (zi - zj) * (xi + xj);
            nz += (xi - xj) * (yi + yj);
        }
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0) || !Double.isFinite(len)) return new float[]{0, 0, 1};
        return new float[]{(float) (nx / len), (float) (ny / len), (float) (nz / len)};
    }

    private static int grow(int length) {
        // Grow by half; the arrays live only while one file is read.
        long grown = length + (long) (length >> 1) + 3;
        if (grown > Integer.MAX_VALUE - 8) {
            if (length >= Integer.MAX_VALUE - 8) throw new IllegalStateException("mesh too large for one array");
            grown = Integer.MAX_VALUE - 8;
        }
        return (int) (grown - grown % 3);
    }

    TriangleMesh build(String name) {
        return new TriangleMesh(name, Arrays.copyOf(positions, 3 * vertexCount), Arrays.copyOf(normals, 3 * vertexCount),
                null, Arrays.copyOf(indices, 3 * triangleCount), Arrays.copyOf(materials, triangleCount));
    }
}
