package org.drtstudio.cli;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;

import java.util.function.Consumer;

/**
 * Makes the renderer for a back-end choice; supplied by the composition root so the CLI does not
 * depend on the GL package directly.
 */
public interface RendererFactory {
    enum Backend { AUTO, GPU, CPU }

    /**
     * The options ask for what this machine does not have ({@code --gpus 3} on a machine with one
     * GPU): a mistake in the command, so bad usage (exit code 2), not a render that failed.
     */
    final class UnmetRequest extends IllegalStateException {
        public UnmetRequest(String message) {
            super(message);
        }
    }

    /**
     * @param notices receives user-facing notices, e.g. that the GPU was unavailable and the CPU
     *                tracer renders instead
     * @throws IllegalStateException with a user-facing message when {@code GPU} was demanded but is unavailable
     *                               ({@link UnmetRequest} when the options ask for devices the machine lacks)
     */
    Renderer create(Backend backend, Consumer<String> notices);

    /** As {@link #create(Backend, Consumer)} with tracer options; only the speed differs from the default. */
    default Renderer create(Backend backend, Consumer<String> notices, TracerOptions options) {
        return create(backend, notices);
    }

    /**
     * The renderer for pictures people wait for ({@code drt render}, exports, farm tasks): as
     * {@link #create(Backend, Consumer, TracerOptions)}, except that {@code AUTO} passes over a
     * software OpenGL (Mesa's llvmpipe), which traces several times slower than the CPU tracer.
     */
    default Renderer createForPictures(Backend backend, Consumer<String> notices, TracerOptions options) {
        return create(backend, notices, options);
    }

    /**
     * A builder of meshes' hierarchies on the GPU (compute shaders), or null where no OpenGL 4.3
     * context opens, or where it is software (Mesa's llvmpipe) and {@code hardwareOnly}. A
     * {@code hardwareOnly} one ({@code --build auto}) builds a mesh the GPU has no room for on the
     * CPU instead ({@link org.drtstudio.accel.LinearBvhFallback}).
     */
    default org.drtstudio.accel.LinearBvhBuilder gpuHierarchyBuilder(boolean hardwareOnly) {
        return null;
    }
}
