package org.drtstudio.scene.authored;

import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link SceneModel} at one time into the static {@link Scene}: each group becomes a
 * {@link TransformNode} whose matrix is its {@link Trs} at that time (nesting composes them, as
 * the flattener multiplies parent by child), each leaf its geometry node. Meshes and model graphs
 * are passed on as the same objects, never copied, so instancing survives evaluation.
 */
final class SceneEvaluator {
    private SceneEvaluator() {
    }

    static Scene evaluate(SceneModel model, double time) {
        if (Double.isNaN(time)) throw new IllegalArgumentException("time is NaN");
        return new Scene(model.name(), group(model.root(), time), model.materials(), model.lights(),
                model.cameraAt(time), model.settings());
    }

    private static TransformNode group(GroupNode g, double time) {
        List<SceneNode> children = new ArrayList<>(g.children().size());
        for (AuthoredNode child : g.children()) children.add(node(child, time));
        try {
            return new TransformNode(g.name(), g.transformAt(time).toMatrix(), children);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("node '" + g.name() + "' (id " + g.id() + ") at time " + time + ": " + e.getMessage(), e);
        }
    }

    private static SceneNode node(AuthoredNode n, double time) {
        if (n instanceof GroupNode g) return group(g, time);
        if (n instanceof MeshLeaf m) return new MeshNode(m.name(), m.mesh());
        if (n instanceof SpheresLeaf s) return new SphereNode(s.name(), s.spheres());
        ModelLeaf m = (ModelLeaf) n;
        return m.asset().placed(m.materialOffset());
    }
}
