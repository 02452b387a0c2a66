package org.drtstudio.accel;

/**
 * One shape's bounding-sphere hierarchy and primitives, packed in the shape's own object space
 * with shape-local indices (node links, primitive starts). Built once per mesh and reused for
 * every instance and every frame: moving a transform node never touches it.
 *
 * @param sphereNodes {@link GeometryImageLayout#NODE_TEXELS} texels per node, as in the geometry image, packed
 *                   now or when first asked for ({@link DeferredFloats})
 * @param primitives {@link GeometryImageLayout#PRIMITIVE_TEXELS} texel per primitive, vertex indices shape-local
 * @param vertices   {@link GeometryImageLayout#VERTEX_TEXELS} texels per vertex (a sphere group: per sphere)
 * @param bound      a sphere around every primitive (centre x, y, z, radius): the root's, or for a deferred
 *                   tree its root box's ({@link LinearBvhShapes})
 */
public record ShapeHierarchy(DeferredFloats sphereNodes, float[] primitives, float[] vertices, int nodeCount, int triangleCount,
                             int sphereCount, int depth, float[] bound) {
    /** The sphere tree's nodes, packed now if they were deferred. */
    public float[] nodes() { return sphereNodes.get(); }

    public int primitiveCount() { return triangleCount + sphereCount; }

    public int vertexCount() { return vertices.length / (4 * GeometryImageLayout.VERTEX_TEXELS); }
}
