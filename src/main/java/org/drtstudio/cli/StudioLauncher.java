package org.drtstudio.cli;

import java.nio.file.Path;

/**
 * Opens the studio window; supplied by the composition root so the command line does not depend
 * on the UI toolkit.
 */
public interface StudioLauncher {
    /** Whether a display is available to open a window on. */
    boolean displayAvailable();

    /**
     * Opens the studio on {@code scene} (null: a new scene) and returns its exit code when it closes.
     *
     * @param backend        auto, gpu or cpu for the preview
     * @param measureSeconds above 0: measure responsiveness for that long, print the numbers and exit
     */
    int open(Path scene, RendererFactory.Backend backend, double measureSeconds);

    /**
     * Like {@link #open(Path, RendererFactory.Backend, double)}, measuring in a maximised window
     * instead of a 640x360 viewport when {@code measureMaximized}.
     */
    default int open(Path scene, RendererFactory.Backend backend, double measureSeconds, boolean measureMaximized) {
        return open(scene, backend, measureSeconds);
    }
}
