package org.drtstudio.scene.edit;

import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Set;

/** Replaces the render settings. */
public record SetRenderSettings(RenderSettings settings) implements Edit {
    public SetRenderSettings {
        if (settings == null) throw new IllegalArgumentException("no settings given");
    }

    @Override
    public String label(SceneModel before) {
        return "Render settings";
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withSettings(settings), Set.of(Change.SETTINGS));
    }
}
