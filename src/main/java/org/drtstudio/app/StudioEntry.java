package org.drtstudio.app;

import org.drtstudio.cli.RendererFactory;
import org.drtstudio.cli.StudioLauncher;
import org.drtstudio.render.GpuSelection;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.studio.Studio;
import org.drtstudio.studio.preview.RendererSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** Opens the JavaFX studio with the back end chosen on the command line. */
final class StudioEntry implements StudioLauncher {
    private final Backends renderers;

    StudioEntry(Backends renderers) {
        this.renderers = renderers;
    }

    @Override
    public boolean displayAvailable() {
        return Studio.displayAvailable();
    }

    @Override
    public int open(Path scene, RendererFactory.Backend backend, double measureSeconds) {
        return open(scene, backend, measureSeconds, false);
    }

    @Override
    public int open(Path scene, RendererFactory.Backend backend, double measureSeconds, boolean measureMaximized) {
        StudioOutOfMemory.install(measureSeconds > 0);
        // The preview prefers a fast tracer on one GPU; exports use the same choice as 'drt render': every GPU.
        return Studio.run(scene, earlyPreviewRenderer(backend),
                notices -> renderers.createForPictures(backend, notices, TracerOptions.DEFAULT.withGpus(GpuSelection.ALL)),
                measureSeconds, measureMaximized, StudioOutOfMemory::adoptThreadsWithOwnHandlers, System.err);
    }

    /**
     * Makes the preview's renderer now, before JavaFX starts, and hands it (with the notices it
     * raised) to the studio's first request. The GPU probe loads EGL and the GL driver with dlopen;
     * doing that on the preview thread while the FX thread loads JavaFX's own native libraries once
     * deadlocked both inside the dynamic loader (LWJGL's library lookup against JavaFX's freetype
     * load, under Xvfb), leaving a window that never showed a frame. One after the other cannot.
     */
    private RendererSource earlyPreviewRenderer(RendererFactory.Backend backend) {
        List<String> early = new ArrayList<>();
        Renderer made;
        RuntimeException failed = null;
        try {
            made = renderers.createForPreview(backend, early::add);
        } catch (RuntimeException e) {
            made = null;
            failed = e;
        }
        Renderer first = made;
        RuntimeException firstFailure = failed;
        AtomicBoolean handedOut = new AtomicBoolean();
        return notices -> {
            if (!handedOut.compareAndSet(false, true)) return renderers.createForPreview(backend, notices);
            early.forEach(notices);
            if (firstFailure != null) throw firstFailure;
            return first;
        };
    }
}
