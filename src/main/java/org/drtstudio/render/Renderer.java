package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;

import java.util.Set;

/**
 * A back end that turns a packed scene into a frame. The GL tracer and the CPU reference both
 * implement it over the same {@link GeometryImage}, so callers (CLI, studio, tests) never care
 * which one runs.
 */
public interface Renderer extends AutoCloseable {
    /** One line naming the back end and device, e.g. "GPU: NVIDIA H100 … OpenGL 4.6" or "CPU reference, 2 threads". */
    String description();

    Frame render(GeometryImage image, TraceParameters parameters, Set<Aov> aovs, ProgressListener progress)
            throws RenderException;

    @Override
    void close();
}
