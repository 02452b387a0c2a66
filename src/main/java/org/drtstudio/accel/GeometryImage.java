package org.drtstudio.accel;

/**
 * The packed scene both tracers read: five RGBA32F arrays (4 floats per texel), laid out as
 * {@link GeometryImagePacker} documents, plus the counts needed to bound loops.
 * The arrays are owned by this object; nobody modifies them after packing.
 */
public record GeometryImage(float[] nodes, float[] primitives, float[] normals, float[] materials, float[] lights,
                            int nodeCount, int triangleCount, int sphereCount, int materialCount, int lightCount,
                            int hierarchyDepth, float sceneRadius, float[] sceneCenter) {

    public int primitiveCount() { return triangleCount + sphereCount; }

    /** Bytes the five textures occupy on the GPU, rows padded to the texture width. */
    public long gpuBytes() {
        long texels = 0;
        for (float[] a : new float[][]{nodes, primitives, normals, materials, lights})
            texels += (long) GeometryImageLayout.rowsFor(a.length / 4) * GeometryImageLayout.TEXTURE_WIDTH;
        return texels * 16;
    }

    /** Bytes of the node and primitive data proper (no row padding). */
    public long dataBytes() {
        return 4L * (nodes.length + primitives.length + normals.length + materials.length + lights.length);
    }

    public int intAt(float[] array, int index) {
        return Float.floatToRawIntBits(array[index]);
    }
}
