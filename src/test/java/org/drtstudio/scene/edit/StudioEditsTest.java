package org.drtstudio.scene.edit;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The edits the studio added: all lights in one step, an import with a placement, restored work. */
class StudioEditsTest {
    private static SceneModel model() {
        return SceneModel.of("t", GroupNode.of(0, "root", List.of()), List.of(Material.DEFAULT),
                List.of(new PointLight(Vec3.ONE, Vec3.ONE, 1), new PointLight(Vec3.ZERO, Vec3.ONE, 2)),
                Camera.DEFAULT, RenderSettings.DEFAULT);
    }

    @Test
    void setLightsReplacesEveryLightAsOneUndoableStep() {
        SceneDocument doc = new SceneDocument(model());
        List<Light> soft = doc.model().lights().stream().map(l -> l.withRadius(0.5f)).toList();
        assertEquals(Set.of(Change.LIGHTS), doc.execute(new SetLights("Light radius 0.5", soft)));
        assertEquals(soft, doc.model().lights());
        assertEquals("Light radius 0.5", doc.undoLabel().orElseThrow());
        doc.undo();
        assertEquals(model().lights(), doc.model().lights());
    }

    @Test
    void importWithPlacementPutsTheGroupThere() {
        ModelAsset asset = new ModelAsset(Path.of("m.obj"), TransformNode.group("m", List.of()), List.of(Material.DEFAULT));
        Trs place = Trs.translation(new Vec3(1, 2, 3)).withScale(new Vec3(2, 2, 2));
        SceneModel after = new ImportModel(0, "m", asset, place).apply(model()).model();
        GroupNode g = (GroupNode) after.node(1).orElseThrow();
        assertEquals(place, g.transform());
        assertEquals(Trs.IDENTITY, ((GroupNode) new ImportModel(0, "m", asset).apply(model()).model().node(1).orElseThrow()).transform());
    }

    @Test
    void openUnsavedShowsTheModelAsDirtyWithoutHistory() {
        SceneDocument doc = new SceneDocument(model());
        assertFalse(doc.isDirty());
        doc.openUnsaved(model().withName("restored"));
        assertTrue(doc.isDirty());
        assertFalse(doc.canUndo());
        doc.markSaved();
        assertFalse(doc.isDirty());
    }

    @Test
    void listenersOfARestoredModelSeeItUnsaved() {
        SceneDocument doc = new SceneDocument(model());
        boolean[] dirtyWhenTold = {false};
        doc.addListener(snapshot -> dirtyWhenTold[0] = doc.isDirty());
        doc.openUnsaved(model().withName("restored"));
        assertTrue(dirtyWhenTold[0], "the window's title is drawn from the listener: it must see the unsaved state");
    }
}
