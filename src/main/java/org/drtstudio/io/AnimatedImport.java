package org.drtstudio.io;

import org.drtstudio.scene.anim.AnimatedScene;

import java.util.List;

/** A scene file opened for rendering over time, plus the warnings worth telling the user. */
public record AnimatedImport(AnimatedScene scene, List<String> warnings) {
    public AnimatedImport {
        warnings = List.copyOf(warnings);
    }
}
