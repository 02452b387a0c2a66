package org.drtstudio.accel;

import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;

/**
 * The scene's geometry in world space, every transform applied: the input of the hierarchy
 * builder (positions only: the builder needs nothing else). Spheres keep centre and radius.
 *
 * @param triangleVertices  9 floats per triangle: v0, v1, v2
 * @param triangleMaterials material index per triangle
 * @param spheres           4 floats per sphere: centre x, y, z, radius
 * @param sphereMaterials   material index per sphere
 */
public record FlatScene(float[] triangleVertices, int[] triangleMaterials,
                        float[] spheres, int[] sphereMaterials) {

    public int triangleCount() { return triangleMaterials.length; }
    public int sphereCount() { return sphereMaterials.length; }
    public int primitiveCount() { return triangleCount() + sphereCount(); }

    public Aabb bounds() {
        float[] lo = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY};
        float[] hi = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int i = 0; i < triangleVertices.length; i++) {
            lo[i % 3] = Math.min(lo[i % 3], triangleVertices[i]);
            hi[i % 3] = Math.max(hi[i % 3], triangleVertices[i]);
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
