package org.drtstudio.bench;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Scenes made at run time from a seed, of the kinds a tracer is rarely tuned on: a city of boxes
 * seen from the street, its cables long thin triangles that span blocks (architectural models), and
 * a fractal terrain seen at a grazing angle (most rays pass close to the surface for a long way).
 * The same seed makes the same scene on every machine; {@code drt generate city|terrain} writes
 * them as OBJ for the peers.
 */
public final class GeneratedScenes {
    private GeneratedScenes() {
    }

    /**
     * A city of {@code blocks} × {@code blocks} blocks of box buildings on a ground plane (12
     * triangles a building, four to nine buildings a block) with cables strung between roofs: each a
     * quad 0.02 units wide and up to eight blocks long. Street-level camera looking down an avenue.
     */
    public static Scene city(long seed, int blocks) {
        if (blocks < 1 || blocks > 2000) throw new IllegalArgumentException("blocks must be 1..2000, got " + blocks);
        SplittableRandom random = new SplittableRandom(seed);
        MeshBuilder m = new MeshBuilder();
        float block = 10f, street = 2f, half = blocks * block / 2f;
        m.box(-half - street, -0.1f, -half - street, half + street, 0f, half + street);
        float[] roofs = new float[3 * blocks * blocks];
        for (int i = 0; i < blocks; i++) {
            for (int j = 0; j < blocks; j++) {
                float x0 = -half + i * block + street / 2, z0 = -half + j * block + street / 2, size = block - street;
                int side = 2 + random.nextInt(2);
                float cell = size / side;
                for (int a = 0; a < side; a++) {
                    for (int b = 0; b < side; b++) {
                        float inset = 0.1f * cell * (float) random.nextDouble();
                        float h = (float) (2 + 30 * Math.pow(random.nextDouble(), 3));
                        m.box(x0 + a * cell + inset, 0, z0 + b * cell + inset, x0 + (a + 1) * cell - inset, h, z0 + (b + 1) * cell - inset);
                        if (a == 0 && b == 0) {
                            roofs[3 * (i * blocks + j)] = x0 + cell / 2;
                            roofs[3 * (i * blocks + j) + 1] = h;
                            roofs[3 * (i * blocks + j) + 2] = z0 + cell / 2;
                        }
                    }
                }
            }
        }
        int cables = 2 * blocks * blocks;
        for (int c = 0; c < cables; c++) {
            int from = random.nextInt(blocks * blocks);
            int di = random.nextInt(17) - 8, dj = random.nextInt(17) - 8;
            int to = Math.floorMod(from / blocks + di, blocks) * blocks + Math.floorMod(from % blocks + dj, blocks);
            if (to == from) continue;
            float y = Math.min(roofs[3 * from + 1], roofs[3 * to + 1]);
            m.thinQuad(roofs[3 * from], y, roofs[3 * from + 2], roofs[3 * to], y, roofs[3 * to + 2], 0.02f);
        }
        // An avenue runs north along x = avenue between two columns of blocks; the camera stands in it at the south edge.
        float avenue = -half + (blocks / 2) * block;
        Camera camera = new Camera(new Vec3(avenue, 1.7f, half + street), new Vec3(avenue + 2f, 5f, 0f), new Vec3(0, 1, 0), 60, 0, 0);
        return scene("city", m.mesh("city"), camera, new Vec3(half, 4 * half, half * 0.7f));
    }

    /**
     * A fractal terrain of {@code side} × {@code side} vertices (2 (side − 1)² triangles) over a
     * 100-unit square: seven octaves of value noise, heights up to about 12 units. The camera stands
     * just above one edge looking across, so the rays graze the surface.
     */
    public static Scene terrain(long seed, int side) {
        if (side < 2 || side > 8192) throw new IllegalArgumentException("side must be 2..8192, got " + side);
        ValueNoise noise = new ValueNoise(seed);
        float extent = 100f;
        float[] positions = new float[3 * side * side], normals = new float[3 * side * side];
        for (int j = 0; j < side; j++) {
            for (int i = 0; i < side; i++) {
                float x = extent * i / (side - 1) - extent / 2, z = extent * j / (side - 1) - extent / 2;
                int v = 3 * (j * side + i);
                positions[v] = x;
                positions[v + 1] = noise.height(x / extent, z / extent);
                positions[v + 2] = z;
            }
        }
        for (int j = 0; j < side; j++) {
            for (int i = 0; i < side; i++) {
                int l = Math.max(i - 1, 0), r = Math.min(i + 1, side - 1), d = Math.max(j - 1, 0), u = Math.min(j + 1, side - 1);
                float dx = positions[3 * (j * side + r) + 1] - positions[3 * (j * side + l) + 1];
                float dz = positions[3 * (u * side + i) + 1] - positions[3 * (d * side + i) + 1];
                float sx = positions[3 * (j * side + r)] - positions[3 * (j * side + l)];
                float sz = positions[3 * (u * side + i) + 2] - positions[3 * (d * side + i) + 2];
                Vec3 n = new Vec3(-dx / sx, 1f, -dz / sz).normalized();
                normals[3 * (j * side + i)] = n.x();
                normals[3 * (j * side + i) + 1] = n.y();
                normals[3 * (j * side + i) + 2] = n.z();
            }
        }
        int quads = (side - 1) * (side - 1);
        int[] indices = new int[6 * quads];
        int k = 0;
        for (int j = 0; j + 1 < side; j++) {
            for (int i = 0; i + 1 < side; i++) {
                int a = j * side + i, b = a + 1, c = a + side, d = c + 1;
                indices[k++] = a; indices[k++] = c; indices[k++] = b;
                indices[k++] = b; indices[k++] = c; indices[k++] = d;
            }
        }
        TriangleMesh mesh = new TriangleMesh("terrain", positions, normals, null, indices, new int[2 * quads]);
        float eyeHeight = noise.height(0f, 0.49f) + 1.5f;
        Camera camera = new Camera(new Vec3(0, eyeHeight, extent * 0.49f), new Vec3(0, eyeHeight - 2.5f, 0), new Vec3(0, 1, 0), 50, 0, 0);
        return scene("terrain", mesh, camera, new Vec3(extent, extent, extent * 0.3f));
    }

    private static Scene scene(String name, TriangleMesh mesh, Camera camera, Vec3 light) {
        Material grey = Material.named(name).ambient(new Vec3(0.1f, 0.1f, 0.1f)).diffuse(new Vec3(0.7f, 0.7f, 0.68f)).build();
        return new Scene(name, TransformNode.group(name, List.of(new MeshNode(name, mesh))), List.of(grey),
                List.of(new PointLight(light, Vec3.ONE, 1)), camera, RenderSettings.DEFAULT);
    }

    /** Summed octaves of smoothly interpolated lattice values from a seed. */
    private static final class ValueNoise {
        private final long seed;

        ValueNoise(long seed) {
            this.seed = seed;
        }

        /** Height at (u, v) in [-0.5, 0.5]²: seven octaves, each twice the frequency and 0.5 the amplitude of the last. */
        float height(float u, float v) {
            float h = 0, amplitude = 8f, frequency = 4f;
            for (int octave = 0; octave < 7; octave++) {
                h += amplitude * smooth(u * frequency + 17.3f * octave, v * frequency - 11.1f * octave, octave);
                amplitude *= 0.5f;
                frequency *= 2f;
            }
            return h;
        }

        private float smooth(float x, float y, int octave) {
            int xi = (int) Math.floor(x), yi = (int) Math.floor(y);
            float fx = x - xi, fy = y - yi;
            float sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy);
            float a = lattice(xi, yi, octave), b = lattice(xi + 1, yi, octave);
            float c = lattice(xi, yi + 1, octave), d = lattice(xi + 1, yi + 1, octave);
            return a + sx * (b - a) + sy * (c - a) + sx * sy * (a - b - c + d);
        }

        private float lattice(int x, int y, int octave) {
            long h = seed * 0x9E3779B97F4A7C15L + x * 0xBF58476D1CE4E5B9L + y * 0x94D049BB133111EBL + octave * 0x2545F4914F6CDD1DL;
            h ^= h >>> 31;
            h *= 0x7FB5D329728EA185L;
            h ^= h >>> 27;
            return ((h >>> 40) / (float) (1L << 24)) * 2f - 1f;
        }
    }

    /** Triangles with per-vertex normals, appended a box or a quad at a time. */
    private static final class MeshBuilder {
        private float[] positions = new float[3 * 1024], normals = new float[3 * 1024];
        private int[] indices = new int[3 * 1024];
        private int vertices, triangles;

        /** An axis-aligned box, its faces with their own vertices (flat normals). */
        void box(float x0, float y0, float z0, float x1, float y1, float z1) {
            quad(x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1, 0, 0, 1);
            quad(x1, y0, z0, x0, y0, z0, x0, y1, z0, x1, y1, z0, 0, 0, -1);
            quad(x1, y0, z1, x1, y0, z0, x1, y1, z0, x1, y1, z1, 1, 0, 0);
            quad(x0, y0, z0, x0, y0, z1, x0, y1, z1, x0, y1, z0, -1, 0, 0);
            quad(x0, y1, z1, x1, y1, z1, x1, y1, z0, x0, y1, z0, 0, 1, 0);
            quad(x0, y0, z0, x1, y0, z0, x1, y0, z1, x0, y0, z1, 0, -1, 0);
        }

        /** A flat, upward-facing quad of {@code width} along the segment between two points. */
        void thinQuad(float ax, float ay, float az, float bx, float by, float bz, float width) {
            float dx = bx - ax, dz = bz - az, l = (float) Math.sqrt(dx * dx + dz * dz);
            float px = -dz / l * width / 2, pz = dx / l * width / 2;
            quad(ax - px, ay, az - pz, bx - px, by, bz - pz, bx + px, by, bz + pz, ax + px, ay, az + pz, 0, 1, 0);
        }

        private void quad(float ax, float ay, float az, float bx, float by, float bz, float cx, float cy, float cz,
                          float dx, float dy, float dz, float nx, float ny, float nz) {
            int v = vertices;
            vertex(ax, ay, az, nx, ny, nz);
            vertex(bx, by, bz, nx, ny, nz);
            vertex(cx, cy, cz, nx, ny, nz);
            vertex(dx, dy, dz, nx, ny, nz);
            triangle(v, v + 1, v + 2);
            triangle(v, v + 2, v + 3);
        }

        private void vertex(float x, float y, float z, float nx, float ny, float nz) {
            if (3 * vertices + 3 > positions.length) {
                positions = java.util.Arrays.copyOf(positions, 2 * positions.length);
                normals = java.util.Arrays.copyOf(normals, 2 * normals.length);
            }
            positions[3 * vertices] = x;
            positions[3 * vertices + 1] = y;
            positions[3 * vertices + 2] = z;
            normals[3 * vertices] = nx;
            normals[3 * vertices + 1] = ny;
            normals[3 * vertices + 2] = nz;
            vertices++;
        }

        private void triangle(int a, int b, int c) {
            if (3 * triangles + 3 > indices.length) indices = java.util.Arrays.copyOf(indices, 2 * indices.length);
            indices[3 * triangles] = a;
            indices[3 * triangles + 1] = b;
            indices[3 * triangles + 2] = c;
            triangles++;
        }

        TriangleMesh mesh(String name) {
            return new TriangleMesh(name, java.util.Arrays.copyOf(positions, 3 * vertices), java.util.Arrays.copyOf(normals, 3 * vertices),
                    null, java.util.Arrays.copyOf(indices, 3 * triangles), new int[triangles]);
        }
    }
}
