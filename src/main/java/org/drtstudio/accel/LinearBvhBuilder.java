package org.drtstudio.accel;

/**
 * Builds a mesh's {@link LinearBvh}: on the GPU ({@code render.gl.GlLinearBvhBuilder}, compute
 * shaders) or on the CPU ({@link LinearBvhTwin}, the same tree in Java: the GPU build's oracle).
 * {@link GeometryImageBuilder#useLinearBvh} hands large meshes to one.
 */
public interface LinearBvhBuilder extends AutoCloseable {
    /**
     * @param positions 3 floats per vertex, finite
     * @param indices   3 vertex indices per triangle, at least one triangle
     */
    LinearBvh build(float[] positions, int[] indices);

    /** Where it builds, for messages ("GPU LBVH (NVIDIA H200)"), with what its last build took where it knows more than the total. */
    String describe();

    /** Lets go of what the builder holds (a GPU builder's GL context); the default holds nothing. */
    @Override
    default void close() {
    }
}
