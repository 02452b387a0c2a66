package org.drtstudio.io;

import org.drtstudio.scene.authored.AnimatedScene;

import java.util.List;

/**
 * A scene file opened for rendering over time, plus the warnings worth telling the user and, where
 * the reader measures them, the phases of the import and their times.
 */
public record AnimatedImport(AnimatedScene scene, List<String> warnings, List<TimedPhase> phases) {
    public AnimatedImport {
        warnings = List.copyOf(warnings);
        phases = List.copyOf(phases);
    }

    /** A result whose reader does not time its phases. */
    public AnimatedImport(AnimatedScene scene, List<String> warnings) {
        this(scene, warnings, List.of());
    }
}
