package org.drtstudio.scene.edit;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.Channel;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SceneSnapshot;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.testing.TestModels;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

class SceneDocumentTest {
    private static final Scene SOUP = TestScenes.randomSoup(5, 8, 2);
    private static final ModelAsset ASSET = new ModelAsset(Path.of("soup.obj"), SOUP.root(), SOUP.materials());

    /** Node ids in TestModels.rich: 0 root, 1 outer, 2 a (animated), 3 mesh in a, 4 b, 5 mesh in b, 6 spheres, 7 model. */
    private static final SceneModel START = TestModels.rich(ASSET);

    private static SceneModel start() {
        return START;
    }

    /** One edit of every kind, with the change kinds it must report. */
    static Stream<Object[]> everyEdit() {
        SceneModel m = start();
        MeshLeaf instance = new MeshLeaf(20, "third quad", ((MeshLeaf) m.node(5).orElseThrow()).mesh());
        GroupNode subtree = new GroupNode(21, "new group", Trs.translation(new Vec3(0, 1, 0)), null,
                List.of(instance, new SpheresLeaf(22, "s", List.of(new Sphere(Vec3.ZERO, 1, 1)))));
        Camera cam = new Camera(new Vec3(1, 1, 1), Vec3.ZERO, new Vec3(0, 1, 0), 30, 0.1f, 2);
        Light light = new SphereLight(new Vec3(0, 10, 0), Vec3.ONE, 2, 0.5f);
        return Stream.of(
                new Object[]{new AddNode(4, 1, subtree), Set.of(Change.GEOMETRY)},
                new Object[]{AddNode.append(0, GroupNode.of(23, "empty", List.of())), Set.of()},
                new Object[]{new RemoveNode(4), Set.of(Change.GEOMETRY)},
                new Object[]{new RemoveNode(7), Set.of(Change.GEOMETRY)},
                new Object[]{new Reparent(2, 4, 0), Set.of(Change.TRANSFORM)},
                new Object[]{new Reparent(6, 0, -1), Set.of(Change.TRANSFORM)},
                new Object[]{new Rename(3, "renamed"), Set.of()},
                new Object[]{new SetTransform(4, new Trs(new Vec3(1, 2, 3), Quat.axisAngle(new Vec3(1, 0, 0), 10), new Vec3(2, 2, 2), Vec3.ONE)),
                        Set.of(Change.TRANSFORM)},
                new Object[]{new SetNodeKey(2, Channel.POSITION, Key.eased(0.75, new Vec3(5, 5, 5))), Set.of(Change.ANIMATION, Change.TRANSFORM)},
                new Object[]{new SetNodeKey(4, Channel.ROTATION, Key.linear(3, Quat.axisAngle(new Vec3(0, 0, 1), 60))), Set.of(Change.ANIMATION, Change.TRANSFORM)},
                new Object[]{new SetNodeKey(2, Channel.SCALE, Key.linear(0, new Vec3(3, 3, 3))), Set.of(Change.ANIMATION, Change.TRANSFORM)},
                new Object[]{new RemoveNodeKey(2, Channel.ROTATION, 1), Set.of(Change.ANIMATION, Change.TRANSFORM)},
                new Object[]{new SetCameraKey(Key.linear(1, cam)), Set.of(Change.ANIMATION, Change.CAMERA)},
                new Object[]{new RemoveCameraKey(2), Set.of(Change.ANIMATION, Change.CAMERA)},
                new Object[]{new SetMaterial(1, TestModels.RED), Set.of(Change.MATERIAL)},
                new Object[]{new SetMaterial(m.materials().size(), TestModels.RED.withName("new")), Set.of(Change.MATERIAL)},
                new Object[]{new AddLight(0, light), Set.of(Change.LIGHTS)},
                new Object[]{new SetLight(0, light), Set.of(Change.LIGHTS)},
                new Object[]{new RemoveLight(0), Set.of(Change.LIGHTS)},
                new Object[]{new SetCamera(cam), Set.of(Change.CAMERA)},
                new Object[]{new SetRenderSettings(RenderSettings.DEFAULT), Set.of(Change.SETTINGS)},
                new Object[]{new SetAnimationSettings(new AnimationSettings(25, 0, 10, 0, 1)), Set.of(Change.ANIMATION)},
                new Object[]{new ImportModel(1, "imported", ASSET), Set.of(Change.GEOMETRY, Change.MATERIAL)});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyEdit")
    void undoAndRedoRestoreExactly(Edit edit, Set<Change> expected) {
        SceneModel before = start();
        SceneDocument doc = new SceneDocument(before);
        List<SceneSnapshot> heard = new ArrayList<>();
        doc.addListener(heard::add);

        assertEquals(expected, doc.execute(edit));
        SceneModel after = doc.model();
        assertNotEquals(before, after, "the edit changed something");
        assertTrue(doc.isDirty());
        assertDoesNotThrow(() -> after.at(0.5), "the edited model still evaluates");

        assertTrue(doc.undo());
        assertEquals(before, doc.model(), "undo gives the model before");
        assertFalse(doc.isDirty(), "undone back to the saved state");

        assertTrue(doc.redo());
        assertEquals(after, doc.model(), "redo gives the model after");
        assertSame(after, doc.model());

        assertEquals(3, heard.size());
        for (SceneSnapshot s : heard) assertEquals(expected, s.changes());
        assertEquals(List.of(1L, 2L, 3L), heard.stream().map(SceneSnapshot::revision).toList());
        assertSame(after, heard.get(2).model());
    }

    @Test
    void importedModelIsPlacedUnderANewGroupWithItsMaterials() {
        SceneDocument doc = new SceneDocument(start());
        int id = doc.model().nextId(), count = doc.model().materials().size();
        doc.execute(new ImportModel(0, "soup", ASSET));
        GroupNode group = (GroupNode) doc.model().node(id).orElseThrow();
        assertEquals("soup", group.name());
        var leaf = (org.drtstudio.scene.authored.ModelLeaf) group.children().get(0);
        assertEquals(id + 1, leaf.id());
        assertEquals(count, leaf.materialOffset());
        assertEquals(SOUP.materials(), doc.model().materials().subList(count, count + SOUP.materials().size()));
    }

    @Test
    void reparentingIntoItsOwnSubtreeIsRejected() {
        SceneDocument doc = new SceneDocument(start());
        SceneModel before = doc.model();
        IllegalArgumentException under = assertThrows(IllegalArgumentException.class, () -> doc.execute(new Reparent(1, 2, 0)));
        assertTrue(under.getMessage().contains("descendant"), under.getMessage());
        IllegalArgumentException self = assertThrows(IllegalArgumentException.class, () -> doc.execute(new Reparent(2, 2, 0)));
        assertTrue(self.getMessage().contains("itself"), self.getMessage());
        assertThrows(IllegalArgumentException.class, () -> doc.execute(new Reparent(0, 4, 0)), "root");
        assertThrows(IllegalArgumentException.class, () -> doc.execute(new Reparent(2, 3, 0)), "a mesh leaf has no children");
        assertSame(before, doc.model());
        assertFalse(doc.canUndo());
        assertFalse(doc.isDirty());
    }

    @Test
    void invalidEditsChangeNothing() {
        SceneDocument doc = new SceneDocument(start());
        List<SceneSnapshot> heard = new ArrayList<>();
        doc.addListener(heard::add);
        SceneModel before = doc.model();
        List<Edit> bad = List.of(new RemoveNode(0), new RemoveNode(99), new Rename(99, "x"),
                new SetTransform(3, Trs.IDENTITY), // a mesh leaf has no transform
                new AddNode(0, 0, GroupNode.of(2, "duplicate id", List.of())),
                new AddNode(0, 9, GroupNode.of(50, "index past the end", List.of())),
                new AddNode(0, 0, new SpheresLeaf(51, "bad material", List.of(new Sphere(Vec3.ZERO, 1, 99)))),
                new RemoveNodeKey(2, Channel.POSITION, 0.5), new RemoveCameraKey(7),
                new SetMaterial(99, Material.DEFAULT), new SetLight(5, new PointLight(Vec3.ZERO, Vec3.ONE, 1)), new RemoveLight(-1));
        for (Edit e : bad) {
            assertThrows(IllegalArgumentException.class, () -> doc.execute(e), e.toString());
            assertSame(before, doc.model(), e.toString());
        }
        assertThrows(IllegalArgumentException.class, () -> new SetNodeKey(2, Channel.SCALE, Key.linear(0, new Vec3(0, 1, 1))));
        assertThrows(IllegalArgumentException.class, () -> new SetNodeKey(2, Channel.ROTATION, Key.linear(0, new Vec3(0, 1, 1))));
        assertTrue(heard.isEmpty());
        assertFalse(doc.canUndo());
    }

    @Test
    void noOpEditsAreNotRecorded() {
        SceneDocument doc = new SceneDocument(start());
        assertEquals(Set.of(), doc.execute(new SetCamera(doc.model().camera())));
        assertFalse(doc.canUndo());
        assertFalse(doc.isDirty());
    }

    @Test
    void historyUndoesInOrderAndANewEditClearsRedo() {
        SceneModel s0 = start();
        SceneDocument doc = new SceneDocument(s0);
        doc.execute(new Rename(2, "one"));
        SceneModel s1 = doc.model();
        doc.execute(new SetTransform(4, Trs.translation(new Vec3(7, 7, 7))));
        SceneModel s2 = doc.model();
        assertEquals("Transform 'b'", doc.undoLabel().orElseThrow());
        doc.undo();
        assertSame(s1, doc.model());
        assertEquals("Transform 'b'", doc.redoLabel().orElseThrow());
        doc.undo();
        assertSame(s0, doc.model());
        assertFalse(doc.undo());
        doc.redo();
        doc.redo();
        assertSame(s2, doc.model());
        assertFalse(doc.redo());
        doc.undo();
        doc.execute(new Rename(4, "other"));
        assertFalse(doc.canRedo());
    }

    @Test
    void dirtyFollowsTheSavedState() {
        SceneDocument doc = new SceneDocument(start());
        assertFalse(doc.isDirty());
        doc.execute(new Rename(2, "x"));
        assertTrue(doc.isDirty());
        doc.markSaved();
        assertFalse(doc.isDirty());
        doc.undo();
        assertTrue(doc.isDirty(), "the saved file has the rename; undoing it is unsaved");
        doc.redo();
        assertFalse(doc.isDirty());
        doc.undo();
        doc.execute(new Rename(2, "x")); // equal content but a different history branch
        assertTrue(doc.isDirty());
    }

    @Test
    void openReplacesEverything() {
        SceneDocument doc = new SceneDocument(start());
        doc.execute(new Rename(2, "x"));
        List<SceneSnapshot> heard = new ArrayList<>();
        doc.addListener(heard::add);
        SceneModel other = TestModels.rich(null);
        doc.open(other);
        assertSame(other, doc.model());
        assertFalse(doc.canUndo());
        assertFalse(doc.isDirty());
        assertEquals(EnumSet.allOf(Change.class), heard.get(0).changes());
    }

    @Test
    void everyListenerHearsEvenIfOneFails() {
        SceneDocument doc = new SceneDocument(start());
        List<SceneSnapshot> heard = new ArrayList<>();
        doc.addListener(s -> {
            throw new IllegalStateException("listener bug");
        });
        doc.addListener(heard::add);
        assertThrows(IllegalStateException.class, () -> doc.execute(new Rename(2, "x")));
        assertEquals(1, heard.size());
        assertEquals("x", doc.model().node(2).orElseThrow().name(), "the edit itself happened");
        assertTrue(doc.canUndo());
    }
}
