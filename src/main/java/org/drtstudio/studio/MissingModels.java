package org.drtstudio.studio;

import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The model files a project was opened without ({@link org.drtstudio.scene.authored.ModelAsset#placeholder}), for the warning. */
final class MissingModels {
    private MissingModels() {
    }

    /** Each missing file once, in the graph's order, with why: "bunny.obj (…/bunny.obj: file not found)". */
    static List<String> of(SceneModel model) {
        Map<Path, String> missing = new LinkedHashMap<>();
        collect(model.root(), missing);
        return List.copyOf(missing.values());
    }

    private static void collect(AuthoredNode node, Map<Path, String> missing) {
        if (node instanceof GroupNode g) {
            for (AuthoredNode child : g.children()) collect(child, missing);
        } else if (node instanceof ModelLeaf m && m.asset().isPlaceholder()) {
            missing.putIfAbsent(m.asset().file(), m.asset().file().getFileName() + " (" + m.asset().missingReason() + ")");
        }
    }
}
