package org.drtstudio.scene;

import org.drtstudio.math.Vec3;

/**
 * The DRT paper's ground: an infinite plane tested analytically by every ray, outside the
 * hierarchy, so a large floor does not inflate every bounding volume above it. It passes through
 * {@code point} facing along {@code normal} (both sides are surfaces, as everywhere) and is shaded
 * with {@code material}. A texture repeats every {@code textureSize} world units along the plane's
 * tangents {@link #tangentU()} and {@link #tangentV()}: for a y-up plane u runs along +x and v
 * along −z, as a floor OBJ lying at y = 0 with u = x / size, v = −z / size is mapped.
 *
 * @param point       a point of the plane
 * @param normal      the side it faces (any non-zero length; stored unit length)
 * @param material    index into the scene's materials
 * @param textureSize world units per repeat of the material's textures (&gt; 0)
 */
public record GroundPlane(Vec3 point, Vec3 normal, int material, float textureSize) {
    public GroundPlane {
        if (point == null || !point.isFinite() || Math.max(Math.abs(point.x()), Math.max(Math.abs(point.y()), Math.abs(point.z())))
                > TriangleMesh.MAX_COORDINATE)
            throw new IllegalArgumentException("ground plane point must be finite and within ±" + TriangleMesh.MAX_COORDINATE + ", got " + point);
        if (normal == null || !normal.isFinite() || !(normal.length() > 0))
            throw new IllegalArgumentException("ground plane normal must be a finite, non-zero vector, got " + normal);
        if (material < 0) throw new IllegalArgumentException("ground plane material must be a material index ≥ 0, got " + material);
        if (!(textureSize > 0 && Float.isFinite(textureSize)))
            throw new IllegalArgumentException("ground plane texture size must be a finite length > 0, got " + textureSize);
        normal = normal.normalized();
    }

    /** The horizontal plane y = {@code height}, facing up, its textures repeating every world unit. */
    public static GroundPlane atHeight(float height, int material) {
        return new GroundPlane(new Vec3(0, height, 0), new Vec3(0, 1, 0), material, 1f);
    }

    public GroundPlane withMaterial(int newMaterial) {
        return new GroundPlane(point, normal, newMaterial, textureSize);
    }

    public GroundPlane withTextureSize(float size) {
        return new GroundPlane(point, normal, material, size);
    }

    /**
     * The texture's u direction along the plane (unit): +x projected onto the plane, or −z where the
     * plane faces along x. {@code tangentU × tangentV = normal}.
     */
    public Vec3 tangentU() {
        Vec3 axis = Math.abs(normal.x()) < 0.9f ? new Vec3(1, 0, 0) : new Vec3(0, 0, -1);
        return axis.minus(normal.times(axis.dot(normal))).normalized();
    }

    /** The texture's v direction along the plane (unit): {@code normal × tangentU}. */
    public Vec3 tangentV() {
        return normal.cross(tangentU()).normalized();
    }
}
