package org.drtstudio.accel;

/**
 * A GPU linear BVH builder that builds on the CPU ({@link LinearBvhTwin}, the same tree) when the
 * GPU has no room for a mesh: what {@code --build auto}, {@code drt render}'s default, uses, so that
 * a default nobody asked for never fails where the CPU build would have worked. {@code --build gpu}
 * keeps the GPU's one-line failure.
 */
public final class LinearBvhFallback implements LinearBvhBuilder {
    /** What a builder throws when the GPU has no room for the mesh's working memory. */
    public static final class NoRoom extends IllegalStateException {
        public NoRoom(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final LinearBvhBuilder gpu;
    private final LinearBvhTwin cpu = new LinearBvhTwin();
    /** The note of the last build that fell back, or null where the GPU built it. */
    private String fellBack;

    public LinearBvhFallback(LinearBvhBuilder gpu) {
        this.gpu = gpu;
    }

    @Override
    public LinearBvh build(float[] positions, int[] indices) {
        fellBack = null;
        try {
            return gpu.build(positions, indices);
        } catch (NoRoom e) {
            fellBack = e.getMessage();
            return cpu.build(positions, indices);
        }
    }

    @Override
    public String describe() {
        return fellBack == null ? gpu.describe() : cpu.describe() + ", as " + fellBack;
    }

    @Override
    public void close() {
        gpu.close();
    }
}
