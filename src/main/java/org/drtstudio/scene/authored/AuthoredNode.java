package org.drtstudio.scene.authored;

/**
 * A node of the authored scene graph. Every node has an id, unique within its {@link SceneModel},
 * that stays the same across edits, renames and moves (the editor and the studio's selection refer
 * to nodes by it), and a display name that need not be unique.
 */
public sealed interface AuthoredNode permits GroupNode, MeshLeaf, SpheresLeaf, ModelLeaf {
    int id();

    String name();

    AuthoredNode withName(String name);

    /** Checks the id and name every node needs. */
    static void checkIdentity(int id, String name) {
        if (id < 0) throw new IllegalArgumentException("node id must be >= 0, got " + id);
        if (name == null) throw new IllegalArgumentException("node " + id + " has no name");
    }
}
