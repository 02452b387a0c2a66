package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestModels;
import org.drtstudio.testing.TestScenes;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Evaluating an authored model into the renderer's static scene. */
class SceneModelTest {
    private static final Vec3 Y = new Vec3(0, 1, 0);

    private static SceneModel model(GroupNode root) {
        return SceneModel.of("t", root, List.of(Material.DEFAULT, TestModels.RED), List.of(), TestModels.CAMERA,
                RenderSettings.DEFAULT);
    }

    /** World matrix of the first mesh node found under {@code node}, composed as the flattener does. */
    private static Matrix4f worldOf(SceneNode node, Matrix4f parent, String meshName) {
        if (node instanceof TransformNode t) {
            Matrix4f world = new Matrix4f(parent).mul(t.transform());
            for (SceneNode c : t.children()) {
                Matrix4f m = worldOf(c, world, meshName);
                if (m != null) return m;
            }
        } else if (node instanceof MeshNode m && m.name().equals(meshName)) {
            return parent;
        }
        return null;
    }

    @Test
    void nestedTransformsCompose() {
        TriangleMesh quad = TestScenes.floor(0, 1, 0);
        GroupNode inner = new GroupNode(2, "inner", new Trs(new Vec3(1, 0, 0), Quat.axisAngle(Y, 90), Vec3.ONE, Vec3.ZERO),
                TransformTracks.NONE, List.of(new MeshLeaf(3, "quad", quad)));
        GroupNode outer = new GroupNode(1, "outer", new Trs(new Vec3(0, 5, 0), Quat.IDENTITY, new Vec3(2, 2, 2), Vec3.ZERO),
                TransformTracks.NONE, List.of(inner));
        Scene s = model(GroupNode.of(0, "root", List.of(outer))).at(0);
        Matrix4f world = worldOf(s.root(), new Matrix4f(), "quad");
        // Local (0,0,1): inner rotates +z to +x and moves by 1 in x → (2,0,0); outer scales by 2, lifts by 5 → (4,5,0).
        Vector3f p = world.transformPosition(new Vector3f(0, 0, 1));
        assertEquals(4, p.x, 1e-5);
        assertEquals(5, p.y, 1e-5);
        assertEquals(0, p.z, 1e-5);
        assertEquals(List.of("outer"), s.root().children().stream().map(SceneNode::name).toList());
    }

    @Test
    void instancedMeshStaysOneObject() {
        TriangleMesh quad = TestScenes.floor(0, 1, 0);
        GroupNode a = new GroupNode(1, "a", Trs.translation(new Vec3(-2, 0, 0)), TransformTracks.NONE, List.of(new MeshLeaf(2, "q1", quad)));
        GroupNode b = new GroupNode(3, "b", Trs.translation(new Vec3(2, 0, 0)), TransformTracks.NONE, List.of(new MeshLeaf(4, "q2", quad)));
        SceneModel m = model(GroupNode.of(0, "root", List.of(a, b)));
        for (double t : new double[]{0, 1.5}) {
            Scene s = m.at(t);
            TriangleMesh m1 = ((MeshNode) ((TransformNode) s.root().children().get(0)).children().get(0)).mesh();
            TriangleMesh m2 = ((MeshNode) ((TransformNode) s.root().children().get(1)).children().get(0)).mesh();
            assertSame(quad, m1);
            assertSame(quad, m2);
        }
    }

    @Test
    void modelLeavesShareTheirShiftedMeshesAcrossLeavesAndTimes() {
        Scene source = TestScenes.randomSoup(1, 10, 3);
        ModelAsset asset = new ModelAsset(Path.of("soup.obj"), source.root(), source.materials());
        GroupNode root = GroupNode.of(0, "root", List.of(new ModelLeaf(1, "m1", asset, 1), new ModelLeaf(2, "m2", asset, 1),
                new ModelLeaf(3, "m0", asset, 0)));
        SceneModel m = model(root);
        Scene s0 = m.at(0), s1 = m.at(3);
        TransformNode placed = (TransformNode) s0.root().children().get(0);
        assertSame(placed, s0.root().children().get(1), "two leaves of one asset at one offset share the graph");
        assertSame(placed, s1.root().children().get(0), "and keep it over time");
        assertSame(source.root(), s0.root().children().get(2), "offset 0 is the model's own graph");
        TriangleMesh shifted = ((MeshNode) placed.children().get(0)).mesh();
        TriangleMesh original = ((MeshNode) source.root().children().get(0)).mesh();
        assertSame(original.positions(), shifted.positions(), "vertex arrays are shared, not copied");
        assertEquals(1, shifted.triangleMaterials()[0]);
        assertEquals(1, ((SphereNode) placed.children().get(1)).spheres().get(0).material());
        assertThrows(IllegalArgumentException.class, () -> model(GroupNode.of(0, "root", List.of(new ModelLeaf(1, "m", asset, 2)))),
                "materials 2.. do not exist");
    }

    @Test
    void keyedChannelsOverrideTheAuthoredTransform() {
        GroupNode g = new GroupNode(1, "g", new Trs(new Vec3(9, 9, 9), Quat.axisAngle(Y, 45), new Vec3(3, 3, 3), new Vec3(0, 0, 1)),
                new TransformTracks(Track.of(Key.linear(0, Vec3.ZERO), Key.linear(2, new Vec3(2, 0, 0))), Track.empty(), Track.empty()),
                List.of());
        Trs at1 = g.transformAt(1);
        assertEquals(new Vec3(1, 0, 0), at1.translation());
        assertEquals(Quat.axisAngle(Y, 45), at1.rotation(), "unkeyed rotation stays as authored");
        assertEquals(new Vec3(3, 3, 3), at1.scale());
        assertEquals(new Vec3(0, 0, 1), at1.pivot());
    }

    @Test
    void cameraFollowsItsKeys() {
        SceneModel m = TestModels.rich(null);
        Camera c0 = m.cameraTrack().keys().get(0).value(), c2 = m.cameraTrack().keys().get(1).value();
        assertSame(c0, m.at(0).camera());
        assertSame(c2, m.at(2).camera());
        assertSame(c2, m.at(100).camera());
        Camera mid = m.at(1).camera();
        assertEquals((c0.eye().x() + c2.eye().x()) / 2, mid.eye().x(), 1e-5, "eased midpoint is halfway");
        assertEquals((c0.fovY() + c2.fovY()) / 2, mid.fovY(), 1e-4);
        assertTrue(m.at(0.25).camera().eye().x() < c0.eye().x() + (c2.eye().x() - c0.eye().x()) * 0.25, "eased");
        assertSame(m.camera(), m.withCameraTrack(Track.empty()).at(1).camera());
    }

    @Test
    void shutterScenesHaveTheSameStructureAtOpenAndClose() {
        SceneModel m = TestModels.rich(null); // 30 fps, shutter -0.25..0.25 of a frame
        ShutterScenes s = m.shutter(m.animation().frameTime(15));
        assertEquals(0.5 - 0.25 / 30, s.openTime(), 1e-12);
        assertEquals(0.5 + 0.25 / 30, s.closeTime(), 1e-12);
        assertEquals(names(s.open().root()), names(s.close().root()));
        assertNotEquals(s.open().camera(), s.close().camera());
        Matrix4f open = worldOf(s.open().root(), new Matrix4f(), "quad in a"), close = worldOf(s.close().root(), new Matrix4f(), "quad in a");
        assertFalse(open.equals(close, 1e-6f), "the animated node moves while the shutter is open");
        assertEquals(worldOf(m.at(s.openTime()).root(), new Matrix4f(), "quad in a"), open);
    }

    private static List<String> names(SceneNode n) {
        List<String> out = new ArrayList<>();
        out.add(n.getClass().getSimpleName() + ":" + n.name());
        if (n instanceof TransformNode t) for (SceneNode c : t.children()) out.addAll(names(c));
        return out;
    }

    @Test
    void staticnessAndIds() {
        assertFalse(TestModels.rich(null).isStatic());
        SceneModel plain = model(GroupNode.of(0, "root", List.of(GroupNode.of(1, "g", List.of()))));
        assertTrue(plain.isStatic());
        assertSame(plain.at(0).camera(), plain.at(5).camera());
        assertEquals(2, plain.nextId());
        assertEquals("g", plain.node(1).orElseThrow().name());
        assertEquals(0, plain.parentOf(1).orElseThrow().id());
        assertTrue(plain.parentOf(0).isEmpty());
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class,
                () -> model(GroupNode.of(0, "root", List.of(GroupNode.of(1, "x", List.of()), GroupNode.of(1, "y", List.of())))));
        assertTrue(dup.getMessage().contains("id 1"), dup.getMessage());
    }

    @Test
    void aConstantSceneIsTheSameAtEveryTime() {
        Scene s = TestScenes.randomSoup(2, 5, 0);
        AnimatedScene c = AnimatedScene.constant(s);
        assertSame(s, c.at(0));
        assertSame(s, c.at(17.5));
        assertTrue(c.isStatic());
        assertEquals(24, c.animation().fps());
        assertEquals(2.0, c.animation().frameTime(48));
    }

    @Test
    void frameSeedsDifferPerFrameAndAreStable() {
        assertEquals(AnimationSettings.frameSeed(7, 2), AnimationSettings.frameSeed(7, 2));
        assertNotEquals(AnimationSettings.frameSeed(7, 2), AnimationSettings.frameSeed(7, 3));
        assertNotEquals(AnimationSettings.frameSeed(7, 2), AnimationSettings.frameSeed(8, 2));
    }
}
