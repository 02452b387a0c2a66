package org.drtstudio.scene;

/** Places a mesh under its parent transform. The same mesh may appear under several transforms. */
public record MeshNode(String name, TriangleMesh mesh) implements SceneNode {
}
