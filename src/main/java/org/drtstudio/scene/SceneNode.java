package org.drtstudio.scene;

/** A node of the scene graph: a transform with children, or a piece of geometry. */
public sealed interface SceneNode permits TransformNode, MeshNode, SphereNode {
    String name();
}
