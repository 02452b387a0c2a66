package org.drtstudio.scene.edit;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.Interpolation;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Group / Ungroup keep every object where it is; primitives are added with a material of their own. */
class GroupingEditsTest {
    private static final Trs TURNED = new Trs(new Vec3(1, 2, 3), Quat.axisAngle(new Vec3(0, 1, 0), 30), new Vec3(2, 2, 2), new Vec3(0.5f, 0, 0));

    /** root(0) → ball(1: a bare sphere leaf), g(2, TURNED) → inner(3, moved, turned about x) → dot(4) */
    private static SceneModel model() {
        SpheresLeaf ball = new SpheresLeaf(1, "ball", List.of(new Sphere(new Vec3(0, 1, 0), 1, 0)));
        SpheresLeaf dot = new SpheresLeaf(4, "dot", List.of(new Sphere(new Vec3(1, 0, 0), 0.25f, 0)));
        GroupNode inner = GroupNode.of(3, "inner", List.of(dot)).withTransform(
                new Trs(new Vec3(0, 1, 0), Quat.axisAngle(new Vec3(1, 0, 0), 45), new Vec3(0.5f, 0.5f, 0.5f), new Vec3(0, 0, 1)));
        GroupNode g = GroupNode.of(2, "g", List.of(inner)).withTransform(TURNED);
        return SceneModel.of("t", GroupNode.of(0, "root", List.of(ball, g)), List.of(Material.DEFAULT), List.of(), Camera.DEFAULT,
                RenderSettings.DEFAULT);
    }

    /** World centre and radius of every sphere, in scene order. */
    private static List<float[]> worldSpheres(Scene s) {
        List<float[]> out = new ArrayList<>();
        collect(s.root(), new Matrix4f(), out);
        return out;
    }

    private static void collect(SceneNode n, Matrix4f parent, List<float[]> out) {
        if (n instanceof TransformNode t) {
            Matrix4f w = new Matrix4f(parent).mul(t.transform());
            for (SceneNode c : t.children()) collect(c, w, out);
        } else if (n instanceof SphereNode s) {
            for (Sphere sp : s.spheres()) {
                Vector3f c = parent.transformPosition(new Vector3f(sp.center().x(), sp.center().y(), sp.center().z()));
                out.add(new float[]{c.x, c.y, c.z, sp.radius() * parent.getScale(new Vector3f()).x});
            }
        }
    }

    private static void assertSameWorld(SceneModel a, SceneModel b) {
        List<float[]> x = worldSpheres(a.at(0)), y = worldSpheres(b.at(0));
        assertEquals(x.size(), y.size());
        for (int i = 0; i < x.size(); i++) for (int k = 0; k < 4; k++) assertEquals(x.get(i)[k], y.get(i)[k], 1e-5, "sphere " + i + " component " + k);
    }

    @Test
    void groupWrapsABareLeafInPlaceWithoutMovingIt() {
        SceneDocument doc = new SceneDocument(model());
        doc.execute(new GroupNodes(1, 5, "ball group"));
        GroupNode wrapper = (GroupNode) doc.model().root().children().get(0);
        assertEquals(5, wrapper.id());
        assertEquals(Trs.IDENTITY, wrapper.transform());
        assertEquals(1, wrapper.children().get(0).id());
        assertSameWorld(model(), doc.model());
        // now movable: a transform edit on the wrapper moves the ball
        doc.execute(new SetTransform(5, Trs.translation(new Vec3(0, 0, 2))));
        assertEquals(2, worldSpheres(doc.model().at(0)).get(0)[2], 1e-6);
        doc.undo();
        doc.undo();
        assertEquals(model(), doc.model());
    }

    @Test
    void ungroupFoldsTheGroupsTransformIntoItsChildGroups() {
        SceneModel before = model();
        SceneModel after = new Ungroup(2).apply(before).model();
        assertTrue(after.node(2).isEmpty());
        AuthoredNode lifted = after.root().children().get(1);
        assertEquals(3, lifted.id());
        assertEquals(new Vec3(0, 0, 1), ((GroupNode) lifted).transform().pivot(), "the child keeps its pivot");
        assertSameWorld(before, after);
    }

    @Test
    void ungroupOfAnIdentityGroupLiftsLeavesToo() {
        SceneModel m = new GroupNodes(1, 5, "w").apply(model()).model();
        SceneModel after = new Ungroup(5).apply(m).model();
        assertEquals(model(), after);
    }

    @Test
    void ungroupRefusesWhatItCannotKeep() {
        SceneModel m = new GroupNodes(1, 5, "w").apply(model()).model();
        SceneModel moved = new SetTransform(5, Trs.translation(new Vec3(1, 0, 0))).apply(m).model();
        IllegalArgumentException leaf = assertThrows(IllegalArgumentException.class, () -> new Ungroup(5).apply(moved));
        assertTrue(leaf.getMessage().contains("'ball'"), leaf.getMessage());
        SceneModel keyed = new KeyTransform(2, 0, TURNED).apply(model()).model();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Ungroup(2).apply(keyed)).getMessage().contains("animated"));
        // a non-uniform scale over a rotated child would need a shear
        SceneModel squashed = new SetTransform(2, TURNED.withScale(new Vec3(1, 3, 1))).apply(model()).model();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Ungroup(2).apply(squashed)).getMessage().contains("shear"));
        assertThrows(IllegalArgumentException.class, () -> new Ungroup(0).apply(model()));
        assertThrows(IllegalArgumentException.class, () -> new Ungroup(1).apply(model()));
    }

    @Test
    void groupRefusesTheRootAndUsedIds() {
        assertThrows(IllegalArgumentException.class, () -> new GroupNodes(0, 9, "x").apply(model()));
        assertThrows(IllegalArgumentException.class, () -> new GroupNodes(1, 2, "x").apply(model()));
        assertThrows(IllegalArgumentException.class, () -> new GroupNodes(42, 9, "x").apply(model()));
    }

    @Test
    void primitivesGetTheirOwnMaterialAndAGroupAtThePlacement() {
        Material red = Material.DEFAULT.withName("red");
        Trs at = new Trs(new Vec3(3, 0, 0), Quat.IDENTITY, new Vec3(0.5f, 0.5f, 0.5f), Vec3.ZERO);
        for (AddPrimitive.Shape shape : AddPrimitive.Shape.values()) {
            SceneModel after = new AddPrimitive(0, shape, shape.name(), at, red).apply(model()).model();
            assertEquals(2, after.materials().size());
            assertEquals(red, after.materials().get(1));
            GroupNode g = (GroupNode) after.node(5).orElseThrow();
            assertEquals(at, g.transform());
            assertEquals(6, g.children().get(0).id());
        }
        SceneModel sphere = new AddPrimitive(0, AddPrimitive.Shape.SPHERE, "s", at, red).apply(model()).model();
        assertEquals(1, ((SpheresLeaf) sphere.node(6).orElseThrow()).spheres().get(0).material());
    }

    @Test
    void theBoxFacesPointOutward() {
        TriangleMesh box = AddPrimitive.box("b", 0);
        assertEquals(12, box.triangleCount());
        float[] p = box.positions();
        int[] ix = box.indices();
        for (int t = 0; t < 12; t++) {
            Vec3 a = v(p, ix[3 * t]), b = v(p, ix[3 * t + 1]), c = v(p, ix[3 * t + 2]);
            Vec3 n = b.minus(a).cross(c.minus(a));
            Vec3 centre = a.plus(b).plus(c).times(1 / 3f);
            assertTrue(n.dot(centre) > 0, "triangle " + t + " faces out");
        }
        TriangleMesh plane = AddPrimitive.plane("p", 0);
        Vec3 n = v(plane.positions(), 1).minus(v(plane.positions(), 0)).cross(v(plane.positions(), 2).minus(v(plane.positions(), 0)));
        assertTrue(n.y() > 0, "the plane faces up");
    }

    private static Vec3 v(float[] p, int i) {
        return new Vec3(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    }

    @Test
    void keysKeepWorkingAfterGrouping() {
        SceneModel m = new GroupNodes(2, 5, "outer").apply(model()).model();
        m = new KeyTransform(5, 1, Trs.translation(new Vec3(0, 5, 0))).apply(m).model();
        assertInstanceOf(GroupNode.class, m.node(5).orElseThrow());
        assertEquals(1, ((GroupNode) m.node(5).orElseThrow()).tracks().position().keys().size());
        assertEquals(new Key<>(1.0, new Vec3(0, 5, 0), Interpolation.LINEAR).value(),
                ((GroupNode) m.node(5).orElseThrow()).tracks().position().keys().get(0).value());
    }
}
