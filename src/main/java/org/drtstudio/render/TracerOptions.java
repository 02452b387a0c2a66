package org.drtstudio.render;

/**
 * Choices that change how fast a tracer runs, never what it renders.
 *
 * @param pairedPrimary GPU only: trace a pixel's camera rays two at a time through the hierarchy
 * @param nodes         the node bounds both tracers walk at the shape level
 */
public record TracerOptions(boolean pairedPrimary, NodeKind nodes) {
    /**
     * The measured fastest on an H100 (docs/RESULTS.md): camera rays one by one (the paired kernel
     * ran 1.6x slower: more registers, fewer warps) and octant-ordered box nodes (4.6-6.5x the
     * spheres' rays per second).
     */
    public static final TracerOptions DEFAULT = new TracerOptions(false, NodeKind.DEFAULT);

    public TracerOptions {
        if (nodes == null) throw new IllegalArgumentException("node kind must be given");
    }
}
