package org.drtstudio.io.project;

import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;

import java.util.ArrayList;
import java.util.List;

/**
 * Makes an opened scene file editable like an imported model: every model leaf directly under the
 * root becomes one transform group per top-level part of its file (the NFF reader's sphere group
 * and polygon mesh, an OBJ's meshes), each holding a {@link ModelLeaf} of that part. Only a leaf
 * under a group can be moved, animated or duplicated as a unit, and without this an opened file
 * was one bare leaf. The rendered scene is unchanged: each part keeps the file root's transform
 * and the shared material offset.
 */
public final class MovableParts {
    /** Files with more top-level parts than this stay one group (hundreds of rows help nobody). */
    public static final int MAX_PARTS = 64;

    private MovableParts() {
    }

    public static SceneModel wrap(SceneModel model) {
        int nextId = model.nextId();
        List<AuthoredNode> children = new ArrayList<>();
        boolean changed = false;
        for (AuthoredNode c : model.root().children()) {
            if (!(c instanceof ModelLeaf leaf) || leaf.asset().partIndex() >= 0) {
                children.add(c);
                continue;
            }
            changed = true;
            ModelAsset whole = leaf.asset();
            int parts = whole.partCount();
            if (parts <= 1 || parts > MAX_PARTS) {
                children.add(GroupNode.of(nextId++, leaf.name(), List.of(leaf)));
                continue;
            }
            for (int i = 0; i < parts; i++) {
                ModelAsset part = whole.part(i);
                String name = part.root().name() == null || part.root().name().isBlank() ? leaf.name() + " " + (i + 1) : part.root().name();
                int groupId = nextId++;
                children.add(GroupNode.of(groupId, name, List.of(new ModelLeaf(nextId++, name, part, leaf.materialOffset()))));
            }
        }
        return changed ? model.withRoot(model.root().withChildren(children)) : model;
    }
}
