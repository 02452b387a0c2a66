package org.drtstudio.accel;

import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.joml.Matrix4f;

import java.util.ArrayList;
import java.util.List;

/**
 * Walks a scene graph and lists its instances: every mesh or sphere group with the composition of
 * the transforms above it. With a second scene of the same structure (the same scene at shutter
 * close) each instance also gets its closing matrix.
 */
public final class SceneInstances {
    private SceneInstances() {
    }

    public static List<Instance> of(Scene open, Scene close) {
        List<Placement> a = new ArrayList<>(), b = new ArrayList<>();
        collect(open.root(), new Matrix4f(), a);
        if (close == null) {
            return a.stream().map(p -> new Instance(p.shape, p.world, p.world)).toList();
        }
        collect(close.root(), new Matrix4f(), b);
        if (a.size() != b.size()) throw new IllegalArgumentException("shutter-close scene has " + b.size() + " instances, open has " + a.size());
        List<Instance> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).shape != b.get(i).shape) throw new IllegalArgumentException("shutter-open and close scenes differ in structure at instance " + i);
            out.add(new Instance(a.get(i).shape, a.get(i).world, b.get(i).world));
        }
        return out;
    }

    private record Placement(Object shape, Matrix4f world) {
    }

    private static void collect(SceneNode node, Matrix4f parent, List<Placement> out) {
        if (node instanceof TransformNode t) {
            Matrix4f world = new Matrix4f(parent).mul(t.transform());
            for (SceneNode child : t.children()) collect(child, world, out);
        } else if (node instanceof MeshNode m) {
            TriangleMesh mesh = m.mesh();
            if (mesh.triangleCount() == 0) return;
            out.add(new Placement(mesh, parent));
        } else if (node instanceof SphereNode s) {
            if (s.spheres().isEmpty()) return;
            out.add(new Placement(s.spheres(), parent));
        }
    }
}
