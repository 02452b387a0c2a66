package org.drtstudio.scene.authored;

import org.drtstudio.scene.TriangleMesh;

/**
 * A triangle mesh held by the project itself (not read from a model file). Several leaves may hold
 * the same mesh object: that is instancing, and evaluation keeps the object, never a copy.
 */
public record MeshLeaf(int id, String name, TriangleMesh mesh) implements AuthoredNode {
    public MeshLeaf {
        AuthoredNode.checkIdentity(id, name);
        if (mesh == null) throw new IllegalArgumentException("mesh leaf '" + name + "' has no mesh");
    }

    @Override
    public MeshLeaf withName(String newName) {
        return new MeshLeaf(id, newName, mesh);
    }
}
