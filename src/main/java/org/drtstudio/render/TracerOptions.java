package org.drtstudio.render;

import org.drtstudio.accel.AccelStructure;

/**
 * Choices that change how fast a tracer runs, never what it renders.
 *
 * @param pairedPrimary GPU only: trace a pixel's camera rays two at a time through the hierarchy
 * @param nodes         the node bounds both tracers walk at the shape level (with the BVH)
 * @param accel         the structure both tracers walk inside each shape ({@code --accel})
 */
public record TracerOptions(boolean pairedPrimary, NodeKind nodes, AccelStructure accel) {
    /**
     * The measured fastest on an H100 (docs/RESULTS.md): camera rays one by one (the paired kernel
     * ran 1.6x slower: more registers, fewer warps) and octant-ordered box nodes (4.6-6.5x the
     * spheres' rays per second).
     */
    public static final TracerOptions DEFAULT = new TracerOptions(false, NodeKind.DEFAULT, AccelStructure.DEFAULT);

    /** With the default structure (the BVH). */
    public TracerOptions(boolean pairedPrimary, NodeKind nodes) {
        this(pairedPrimary, nodes, AccelStructure.DEFAULT);
    }

    public TracerOptions {
        if (nodes == null) throw new IllegalArgumentException("node kind must be given");
        if (accel == null) throw new IllegalArgumentException("acceleration structure must be given");
    }
}
