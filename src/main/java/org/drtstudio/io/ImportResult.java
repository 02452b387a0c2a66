package org.drtstudio.io;

import org.drtstudio.scene.Scene;

import java.util.List;

/** A scene read from a file plus the warnings worth telling the user (missing MTL, skipped lines). */
public record ImportResult(Scene scene, List<String> warnings) {
    public ImportResult {
        warnings = List.copyOf(warnings);
    }
}
