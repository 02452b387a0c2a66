package org.drtstudio.scene.edit;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Undo names what a camera edit changed: a lens edit is not "Move camera". */
class SetCameraLabelTest {
    private static final Camera C = new Camera(new Vec3(0, 1, 5), new Vec3(0, 0, 0), new Vec3(0, 1, 0), 40, 0, 0);

    private static String label(Camera after) {
        SceneModel m = SceneModel.of("t", GroupNode.of(0, "root", List.of()), List.of(Material.DEFAULT), List.of(), C, RenderSettings.DEFAULT);
        SceneDocument doc = new SceneDocument(m);
        doc.execute(new SetCamera(after));
        return doc.undoLabel().orElseThrow();
    }

    @Test
    void lensAndViewEditsAreNamedForWhatChanged() {
        assertEquals("Set aperture", label(new Camera(C.eye(), C.look(), C.up(), 40, 0.2f, 0)));
        assertEquals("Set focus distance", label(new Camera(C.eye(), C.look(), C.up(), 40, 0, 3)));
        assertEquals("Set field of view", label(new Camera(C.eye(), C.look(), C.up(), 50, 0, 0)));
        assertEquals("Set camera lens", label(new Camera(C.eye(), C.look(), C.up(), 40, 0.2f, 3)));
        assertEquals("Move camera", label(new Camera(new Vec3(1, 1, 5), C.look(), C.up(), 40, 0.2f, 0)));
    }
}
