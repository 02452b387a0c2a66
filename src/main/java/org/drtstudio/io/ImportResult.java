package org.drtstudio.io;

import org.drtstudio.scene.Scene;

import java.util.List;

/**
 * A scene read from a file plus the warnings worth telling the user (missing MTL, skipped lines),
 * and, where the reader measures them, the phases of the import and their times.
 */
public record ImportResult(Scene scene, List<String> warnings, List<TimedPhase> phases) {
    public ImportResult {
        warnings = List.copyOf(warnings);
        phases = List.copyOf(phases);
    }

    /** A result whose reader does not time its phases. */
    public ImportResult(Scene scene, List<String> warnings) {
        this(scene, warnings, List.of());
    }
}
