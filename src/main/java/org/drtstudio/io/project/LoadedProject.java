package org.drtstudio.io.project;

import org.drtstudio.scene.authored.SceneModel;

import java.util.List;

/** A project (or a scene file opened as one) and the warnings worth telling the user. */
public record LoadedProject(SceneModel model, List<String> warnings) {
    public LoadedProject {
        warnings = List.copyOf(warnings);
    }
}
