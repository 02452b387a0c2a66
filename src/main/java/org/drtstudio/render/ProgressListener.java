package org.drtstudio.render;

/** Receives render progress from the rendering thread; must return quickly. */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = fraction -> { };

    /** @param fraction 0..1 of the work done */
    void progress(double fraction);

    /**
     * Whether the caller no longer wants the render under way (asked between rows, from the rendering
     * threads). A tracer that can stop early then throws {@link PassAbandonedException}; one whose
     * passes are short (the GPU's) may finish them. Must return quickly.
     */
    default boolean abandoned() {
        return false;
    }
}
