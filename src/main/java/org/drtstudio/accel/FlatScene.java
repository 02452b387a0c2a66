package org.drtstudio.accel;

import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;

/**
 * The scene's geometry in world space, every transform applied: the input of the hierarchy
 * builder (positions only: the builder needs nothing else). Spheres keep centre and radius.
 *
 * @param positions         3 floats per vertex, shared by the triangles
 * @param triangleIndices   3 vertex indices per triangle
 * @param triangleMaterials material index per triangle
 * @param spheres           4 floats per sphere: centre x, y, z, radius
 * @param sphereMaterials   material index per sphere
 */
public record FlatScene(float[] positions, int[] triangleIndices, int[] triangleMaterials,
                        float[] spheres, int[] sphereMaterials) {

    /** A scene of spheres only. */
    public static FlatScene ofSpheres(float[] spheres, int[] materials) {
        return new FlatScene(new float[0], new int[0], new int[0], spheres, materials);
    }

    /** Float index in {@link #positions} of corner k (0..2) of triangle t. */
    public int corner(int t, int k) { return 3 * triangleIndices[3 * t + k]; }

    public int triangleCount() { return triangleMaterials.length; }
    public int sphereCount() { return sphereMaterials.length; }
    public int primitiveCount() { return triangleCount() + sphereCount(); }

    public Aabb bounds() {
        float[] lo = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY};
        float[] hi = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int i : triangleIndices) {
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], positions[3 * i + a]);
                hi[a] = Math.max(hi[a], positions[3 * i + a]);
            }
        }
        for (int s = 0; s < sphereCount(); s++) {
            float r = spheres[4 * s + 3];
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], spheres[4 * s + a] - r);
                hi[a] = Math.max(hi[a], spheres[4 * s + a] + r);
            }
        }
        return new Aabb(new Vec3(lo[0], lo[1], lo[2]), new Vec3(hi[0], hi[1], hi[2]));
    }
}
