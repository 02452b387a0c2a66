package org.drtstudio.scene;

/**
 * Indexed triangle mesh in its own object space. Every vertex has a normal; texture coordinates
 * are optional. Arrays are owned by the mesh once constructed: callers must not modify them
 * (copying every large mesh on each snapshot would cost more than the discipline).
 *
 * @param positions          x,y,z per vertex
 * @param normals            unit x,y,z per vertex (same count as positions)
 * @param texCoords          u,v per vertex, or null when the model has none
 * @param indices            three vertex indices per triangle, counter-clockwise seen from the front
 * @param triangleMaterials  per triangle, an index into {@link Scene#materials()}
 * @param voxels             the voxel space whose exposed faces these triangles are (made by
 *                           {@code scene.voxel.VoxelMesher}, in the same object space), so a tracer may walk
 *                           the space's portals instead of the faces ({@code --accel portals}); null for
 *                           any other mesh. A tracer checks the claim face by face before trusting it.
 */
public record TriangleMesh(String name, float[] positions, float[] normals, float[] texCoords, int[] indices,
                           int[] triangleMaterials, VoxelSpace voxels) {
    /**
     * The largest coordinate a scene may hold: its square (1e36) and sums of a few such stay finite in
     * float, which the tracers' bounding-volume tests need (a 1e38 vertex made every bound above it
     * overflow and hid the whole mesh from the GPU walk). Readers refuse larger values with the line.
     */
    public static final float MAX_COORDINATE = 1e18f;

    /** A mesh that is not the faces of a voxel space. */
    public TriangleMesh(String name, float[] positions, float[] normals, float[] texCoords, int[] indices,
                        int[] triangleMaterials) {
        this(name, positions, normals, texCoords, indices, triangleMaterials, null);
    }

    public TriangleMesh {
        if (positions.length % 3 != 0) throw new IllegalArgumentException("positions length must be a multiple of 3");
        if (normals.length != positions.length) throw new IllegalArgumentException("need one normal per vertex");
        if (texCoords != null && texCoords.length / 2 != positions.length / 3) throw new IllegalArgumentException("need one uv per vertex");
        if (indices.length % 3 != 0) throw new IllegalArgumentException("indices length must be a multiple of 3");
        if (triangleMaterials.length != indices.length / 3) throw new IllegalArgumentException("need one material per triangle");
        int n = positions.length / 3;
        for (int i : indices) if (i < 0 || i >= n) throw new IllegalArgumentException("vertex index " + i + " out of range 0.." + (n - 1));
    }

    /**
     * The same mesh with other per-triangle materials (a model placed at a material offset):
     * positions, normals, indices and the voxel source are shared, not copied.
     */
    public TriangleMesh withMaterials(int[] materials) {
        return new TriangleMesh(name, positions, normals, texCoords, indices, materials, voxels);
    }

    public int vertexCount() { return positions.length / 3; }
    public int triangleCount() { return indices.length / 3; }
}
