package org.drtstudio.app;

import org.drtstudio.cli.RendererFactory;
import org.drtstudio.cli.StudioLauncher;
import org.drtstudio.studio.Studio;

import java.nio.file.Path;

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
        // The preview prefers a fast tracer; exports use the same choice as 'drt render'.
        return Studio.run(scene, notices -> renderers.createForPreview(backend, notices),
                notices -> renderers.create(backend, notices), measureSeconds, System.err);
    }
}
