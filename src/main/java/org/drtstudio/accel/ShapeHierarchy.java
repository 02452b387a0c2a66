package org.drtstudio.accel;

/**
 * One shape's bounding-sphere hierarchy and primitives, packed in the shape's own object space
 * with shape-local indices (node links, primitive starts). Built once per mesh and reused for
 * every instance and every frame: moving a transform node never touches it.
 *
 * @param nodes      {@link GeometryImageLayout#NODE_TEXELS} texels per node, as in the geometry image
 * @param primitives {@link GeometryImageLayout#PRIMITIVE_TEXELS} texel per primitive, vertex indices shape-local
 * @param vertices   {@link GeometryImageLayout#VERTEX_TEXELS} texels per vertex (a sphere group: per sphere)
 * @param bound      the root's bounding sphere: centre x, y, z, radius
 */
public record ShapeHierarchy(float[] nodes, float[] primitives, float[] vertices, int nodeCount, int triangleCount,
                             int sphereCount, int depth, float[] bound) {
    public int primitiveCount() { return triangleCount + sphereCount; }

    public int vertexCount() { return vertices.length / (4 * GeometryImageLayout.VERTEX_TEXELS); }
}
