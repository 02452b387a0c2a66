package org.drtstudio.scene.authored;

/**
 * An imported model file (OBJ, NFF, cfg) placed in the graph. The model's materials live in the
 * project's material list from {@code materialOffset} on (copied there on import, so they can be
 * edited); the model's own material indices are shifted by that offset when it is evaluated.
 */
public record ModelLeaf(int id, String name, ModelAsset asset, int materialOffset) implements AuthoredNode {
    public ModelLeaf {
        AuthoredNode.checkIdentity(id, name);
        if (asset == null) throw new IllegalArgumentException("model leaf '" + name + "' has no model");
        if (materialOffset < 0) throw new IllegalArgumentException("material offset must be >= 0, got " + materialOffset);
    }

    @Override
    public ModelLeaf withName(String newName) {
        return new ModelLeaf(id, newName, asset, materialOffset);
    }
}
