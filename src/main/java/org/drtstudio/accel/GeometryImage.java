package org.drtstudio.accel;

import org.drtstudio.scene.VoxelSpace;

import java.util.List;

/**
 * The packed scene both tracers read: RGBA32F arrays (4 floats per texel) laid out as
 * {@link GeometryImagePacker} documents, in two levels. The shape level ({@code sphereNodes},
 * {@code primitives}, {@code vertices}) holds every distinct mesh once, in object
 * space; the top level ({@code topNodes}, {@code instances}) places shapes in the world; materials
 * refer into the texture atlas ({@code textures}). A builder that only moved transforms hands out
 * the very same shape-level arrays (same identity), and one whose textures did not change the same
 * atlas, so uploaders can skip them. Nobody modifies the arrays after packing.
 *
 * @param sphereNodes the shape level's sphere tree ({@link #nodes()}), which a mesh built as a linear BVH
 *                    packs only when first asked for ({@link DeferredFloats}): code the box walk runs
 *                    compares this holder, not its array
 * @param stepBound   an upper bound on the nodes one traversal can visit; exceeding it means corruption
 * @param bounds      the world bounds' sphere: its centre and half their diagonal (for epsilons);
 *                    {@link #sceneCenter()} and {@link #sceneRadius()}
 * @param motion      whether some instance's matrix differs between shutter open and close
 * @param textureCount distinct texture images in the atlas (textures that failed to load not counted)
 * @param boxLayout   the box layout the tracers walk by default, made with the shape level; null in
 *                    images assembled by hand, for which {@link BoxLayout#of} derives one
 * @param voxelShapes the shapes that are a voxel space's exposed faces (by sphere root), which
 *                    {@code --accel portals} may walk through the space's portals; empty for none
 * @param environment the environment light ({@link EnvironmentMap}), or null where rays that leave
 *                    the scene see the background colour
 * @param ground      the DRT paper's analytic ground plane, {@link GeometryImageLayout#GROUND_TEXELS} texels
 *                    ({@link GeometryImageLayout.GroundField}), or null for none: every closest-hit and shadow
 *                    query tests it besides the tree. Its primitive, vertices and identity instance lie in
 *                    the arrays above, after the shapes and the {@code instanceCount} instances the top level
 *                    reaches, so a hit on it is shaded as any triangle's; no node of either level names them.
 */
public record GeometryImage(DeferredFloats sphereNodes, float[] primitives, float[] vertices, float[] topNodes,
                            float[] instances, float[] materials, float[] lights, float[] textures, int nodeCount, int topNodeCount, int instanceCount,
                            int triangleCount, int sphereCount, long instancedPrimitiveCount, int materialCount,
                            int lightCount, int hierarchyDepth, long stepBound, Bounds bounds, boolean motion,
                            int textureCount, BoxLayout boxLayout, List<VoxelShape> voxelShapes, EnvironmentMap environment,
                            float[] ground) {

    /** The sphere around the world bounds: centre (x, y, z) and radius, half their diagonal. */
    public record Bounds(float[] center, float radius) {
    }

    /** Every part, the world bounds' sphere given as its radius and centre. */
    public GeometryImage(DeferredFloats nodes, float[] primitives, float[] vertices, float[] topNodes,
                         float[] instances, float[] materials, float[] lights, float[] textures, int nodeCount, int topNodeCount,
                         int instanceCount, int triangleCount, int sphereCount, long instancedPrimitiveCount, int materialCount,
                         int lightCount, int hierarchyDepth, long stepBound, float sceneRadius, float[] sceneCenter, boolean motion,
                         int textureCount, BoxLayout boxLayout, List<VoxelShape> voxelShapes, EnvironmentMap environment, float[] ground) {
        this(nodes, primitives, vertices, topNodes, instances, materials, lights, textures, nodeCount, topNodeCount, instanceCount,
                triangleCount, sphereCount, instancedPrimitiveCount, materialCount, lightCount, hierarchyDepth, stepBound,
                new Bounds(sceneCenter, sceneRadius), motion, textureCount, boxLayout, voxelShapes, environment, ground);
    }

    /** Half the diagonal of the world bounds, for epsilons. */
    public float sceneRadius() {
        return bounds.radius();
    }

    /** The centre of the world bounds. */
    public float[] sceneCenter() {
        return bounds.center();
    }

    /** A shape of the image that claims to be the exposed faces of a voxel space (a {@code TriangleMesh#voxels()}). */
    public record VoxelShape(int sphereRoot, VoxelSpace space) {
    }

    public GeometryImage {
        voxelShapes = List.copyOf(voxelShapes);
        if (ground != null && ground.length != 4 * GeometryImageLayout.GROUND_TEXELS)
            throw new IllegalArgumentException("a ground record holds " + 4 * GeometryImageLayout.GROUND_TEXELS + " floats, got " + ground.length);
    }

    /** An image without a ground plane. */
    public GeometryImage(float[] nodes, float[] primitives, float[] vertices, float[] topNodes,
                         float[] instances, float[] materials, float[] lights, float[] textures, int nodeCount, int topNodeCount,
                         int instanceCount, int triangleCount, int sphereCount, long instancedPrimitiveCount, int materialCount,
                         int lightCount, int hierarchyDepth, long stepBound, float sceneRadius, float[] sceneCenter, boolean motion,
                         int textureCount, BoxLayout boxLayout, List<VoxelShape> voxelShapes, EnvironmentMap environment) {
        this(DeferredFloats.of(nodes), primitives, vertices, topNodes, instances, materials, lights, textures, nodeCount, topNodeCount, instanceCount,
                triangleCount, sphereCount, instancedPrimitiveCount, materialCount, lightCount, hierarchyDepth, stepBound,
                sceneRadius, sceneCenter, motion, textureCount, boxLayout, voxelShapes, environment, null);
    }

    /** The shape level's sphere-tree nodes, packed now if they were deferred: only where a sphere walk or a check reads them. */
    public float[] nodes() {
        return sphereNodes.get();
    }

    /** Whether rays test an analytic ground plane ({@link #ground()}) besides the tree. */
    public boolean hasGround() {
        return ground != null;
    }

    /** An image without its box layout (images assembled by hand); {@link BoxLayout#of} derives one when asked. */
    public GeometryImage(float[] nodes, float[] primitives, float[] vertices, float[] topNodes, float[] instances,
                         float[] materials, float[] lights, float[] textures, int nodeCount, int topNodeCount, int instanceCount,
                         int triangleCount, int sphereCount, long instancedPrimitiveCount, int materialCount,
                         int lightCount, int hierarchyDepth, long stepBound, float sceneRadius, float[] sceneCenter,
                         boolean motion, int textureCount) {
        this(nodes, primitives, vertices, topNodes, instances, materials, lights, textures, nodeCount, topNodeCount, instanceCount,
                triangleCount, sphereCount, instancedPrimitiveCount, materialCount, lightCount, hierarchyDepth, stepBound,
                sceneRadius, sceneCenter, motion, textureCount, null, List.of(), null);
    }

    /** An image without textures: the atlas is one empty texel. The materials must not reference textures. */
    public GeometryImage(float[] nodes, float[] primitives, float[] vertices, float[] topNodes, float[] instances,
                         float[] materials, float[] lights, int nodeCount, int topNodeCount, int instanceCount,
                         int triangleCount, int sphereCount, long instancedPrimitiveCount, int materialCount,
                         int lightCount, int hierarchyDepth, long stepBound, float sceneRadius, float[] sceneCenter,
                         boolean motion) {
        this(nodes, primitives, vertices, topNodes, instances, materials, lights, new float[4], nodeCount, topNodeCount, instanceCount, triangleCount,
                sphereCount, instancedPrimitiveCount, materialCount, lightCount, hierarchyDepth, stepBound, sceneRadius,
                sceneCenter, motion, 0);
    }

    /** This image lit by {@code map} (null: by nothing but its lights); every array is shared. */
    public GeometryImage withEnvironment(EnvironmentMap map) {
        return new GeometryImage(sphereNodes, primitives, vertices, topNodes, instances, materials, lights, textures, nodeCount, topNodeCount,
                instanceCount, triangleCount, sphereCount, instancedPrimitiveCount, materialCount, lightCount, hierarchyDepth, stepBound,
                sceneRadius(), sceneCenter(), motion, textureCount, boxLayout, voxelShapes, map, ground);
    }

    /**
     * The same image with other lights, as many as before ({@link GeometryImagePacker#packLights}): every other
     * array is the very same, so a tracer uploads only the lights again and keeps its structures.
     */
    public GeometryImage withLights(float[] packedLights) {
        if (packedLights.length != lights.length) throw new IllegalArgumentException("lights of " + packedLights.length
                + " floats replace lights of " + lights.length);
        return new GeometryImage(sphereNodes, primitives, vertices, topNodes, instances, materials, packedLights, textures, nodeCount,
                topNodeCount, instanceCount, triangleCount, sphereCount, instancedPrimitiveCount, materialCount, lightCount,
                hierarchyDepth, stepBound, sceneRadius(), sceneCenter(), motion, textureCount, boxLayout, voxelShapes, environment, ground);
    }

    /** Distinct primitives stored (instanced copies counted once). */
    public int primitiveCount() { return triangleCount + sphereCount; }

    /** Distinct vertices stored (a sphere group stores one entry per sphere). */
    public int vertexCount() { return vertices.length / (4 * GeometryImageLayout.VERTEX_TEXELS); }

    /** Bytes the textures occupy on the GPU, rows padded to the texture width (deferred sphere nodes counted, not packed). */
    public long gpuBytes() {
        long texels = 0;
        for (long floats : arrayLengths())
            texels += (long) GeometryImageLayout.rowsFor((int) (floats / 4)) * GeometryImageLayout.TEXTURE_WIDTH;
        return texels * 16;
    }

    /** Bytes of the data proper (no row padding). */
    public long dataBytes() {
        long n = 0;
        for (long floats : arrayLengths()) n += 4L * floats;
        return n;
    }

    /** Bytes of the top level alone: what moving a transform node re-uploads. */
    public long topLevelBytes() {
        return 4L * (topNodes.length + instances.length);
    }

    private long[] arrayLengths() {
        return new long[]{sphereNodes.length(), primitives.length, vertices.length, topNodes.length,
                instances.length, materials.length, lights.length, textures.length};
    }
}
