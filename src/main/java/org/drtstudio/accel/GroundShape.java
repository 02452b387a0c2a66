package org.drtstudio.accel;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.GroundPlane;
import org.drtstudio.scene.TriangleMesh;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * The DRT paper's ground plane as the geometry image holds it. The plane is packed as a one-triangle
 * mesh (v0 on the plane, v1 and v2 one texture repeat along its tangents, every normal the plane's,
 * texture coordinates (0,0), (1,0), (0,1)) placed by an identity instance that no top-level node
 * names; rays test the triangle's whole plane (Möller–Trumbore without the edge tests), so the
 * barycentrics of a hit run on past [0, 1] and are the repeating texture's coordinates, and the
 * shading reads the primitive as it reads any triangle. Nothing of it enters a bounding volume.
 */
final class GroundShape {
    private GroundShape() {
    }

    /** The triangle that shades {@code ground}: one texture repeat along each tangent from its point. */
    static TriangleMesh mesh(GroundPlane ground) {
        Vec3 p0 = ground.point();
        Vec3 p1 = p0.plus(ground.tangentU().times(ground.textureSize()));
        Vec3 p2 = p0.plus(ground.tangentV().times(ground.textureSize()));
        Vec3 n = ground.normal();
        float[] positions = {p0.x(), p0.y(), p0.z(), p1.x(), p1.y(), p1.z(), p2.x(), p2.y(), p2.z()};
        float[] normals = {n.x(), n.y(), n.z(), n.x(), n.y(), n.z(), n.x(), n.y(), n.z()};
        float[] texCoords = {0, 0, 1, 0, 0, 1};
        return new TriangleMesh("ground plane", positions, normals, texCoords, new int[]{0, 1, 2}, new int[]{ground.material()});
    }

    /**
     * The ground record ({@link GeometryImageLayout.GroundField}) of the packed triangle
     * {@code primitive}: its v0 and edges as both tracers' {@code triangleEdges} compute them from the
     * packed vertices (float differences), so the plane every ray tests is the triangle the shading reads.
     */
    static float[] record(float[] primitives, float[] vertices, int primitive, int instance) {
        int p = 4 * PRIMITIVE_TEXELS * primitive;
        int a = vertex(primitives, p), b = vertex(primitives, p + 1), c = vertex(primitives, p + 2);
        float[] record = new float[4 * GROUND_TEXELS];
        for (int k = 0; k < 3; k++) {
            float v0 = vertices[a + VertexField.POSITION + k];
            record[GroundField.ORIGIN + k] = v0;
            record[GroundField.EDGE_U + k] = vertices[b + VertexField.POSITION + k] - v0;
            record[GroundField.EDGE_V + k] = vertices[c + VertexField.POSITION + k] - v0;
        }
        record[GroundField.PRIMITIVE] = Float.intBitsToFloat(primitive);
        record[GroundField.INSTANCE] = Float.intBitsToFloat(instance);
        return record;
    }

    /** The first float of the vertex a primitive's index word at {@code word} names. */
    private static int vertex(float[] primitives, int word) {
        return 4 * VERTEX_TEXELS * Float.floatToRawIntBits(primitives[word]);
    }
}
