package org.drtstudio.studio.edit;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.edit.AddNode;
import org.drtstudio.scene.edit.RemoveNode;
import org.drtstudio.scene.edit.Rename;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A commit tells the panels once, with the selection it makes already in place: each notice
 * re-lays out the inspector and the scene tree on the FX thread, and an import told them three
 * times (issue 39's FX-thread stalls).
 */
class EditorSessionNoticeTest {
    private static SceneModel model() {
        SpheresLeaf ball = new SpheresLeaf(1, "ball", List.of(new Sphere(new Vec3(0, 1, 0), 1, 0)));
        return SceneModel.of("t", GroupNode.of(0, "root", List.of(ball)), List.of(Material.DEFAULT), List.of(), Camera.DEFAULT,
                RenderSettings.DEFAULT);
    }

    private static SpheresLeaf dot(int id) {
        return new SpheresLeaf(id, "dot", List.of(new Sphere(new Vec3(2, 0, 0), 0.5f, 0)));
    }

    @Test
    void aCommitThatSelectsTellsTheListenersOnceWithTheNewSelection() {
        EditorSession session = new EditorSession(model());
        session.select(1);
        List<Integer> heard = new ArrayList<>();
        session.addListener(() -> heard.add(session.selected()));

        session.commit(AddNode.append(0, dot(2)), 2);

        assertEquals(List.of(2), heard);
        assertEquals(2, session.selected());
    }

    @Test
    void aPlainCommitTellsTheListenersOnce() {
        EditorSession session = new EditorSession(model());
        List<String> heard = new ArrayList<>();
        session.addListener(() -> heard.add(session.document.model().node(1).orElseThrow().name()));

        session.commit(new Rename(1, "moon"));

        assertEquals(List.of("moon"), heard);
    }

    @Test
    void anUndoneDeleteSelectsTheNodeItBringsBackAsDoesARedoneAdd() {
        EditorSession session = new EditorSession(model());
        session.select(1);
        session.commit(new RemoveNode(1), -1);
        assertEquals(-1, session.selected());
        assertTrue(session.undo());
        assertEquals(1, session.selected(), "the ball is back, selected as when it was deleted");
        session.commit(AddNode.append(0, dot(2)), 2);
        session.select(1);
        assertTrue(session.undo());
        assertEquals(1, session.selected(), "an undone Add brings nothing back: the selection stays");
        assertTrue(session.redo());
        assertEquals(2, session.selected(), "the redone Add brings the dot back, selected");
    }

    @Test
    void aRefusedCommitKeepsTheSelectionAndStillEndsTheLiveEdit() {
        EditorSession session = new EditorSession(model());
        session.select(1);
        int[] heard = {0};
        session.addListener(() -> heard[0]++);

        assertThrows(IllegalArgumentException.class, () -> session.commit(new RemoveNode(0), -1));

        assertEquals(1, session.selected());
        assertEquals(1, heard[0], "told once, as the live edit (if any) has ended");
    }
}
