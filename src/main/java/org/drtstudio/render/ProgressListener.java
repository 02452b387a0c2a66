package org.drtstudio.render;

/** Receives render progress from the rendering thread; must return quickly. */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = fraction -> { };

    /** @param fraction 0..1 of the work done */
    void progress(double fraction);
}
