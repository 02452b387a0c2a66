package org.drtstudio.studio;

import org.drtstudio.scene.Environment;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The World panel (issue 38): Choose… lights the scene with the shipped sky, which the preview then
 * shows above the horizon; the rotation slider turns it as one undo step; Clear goes back to the
 * background colour.
 */
class WorldPanelUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    private static final Path SKY = Path.of("assets/sky/sunny-sky.hdr").toAbsolutePath();

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    private SceneModel model() throws Exception {
        return fx(() -> h.window.session.document.model());
    }

    @Test
    void aChosenSkyLightsTheSceneTurnsAndClears() throws Exception {
        assertEquals("none", fx(() -> h.window.world.file.getText()));
        assertTrue(fx(() -> h.window.world.rotation.isDisabled()), "nothing to turn without an environment");
        h.awaitRefined(2);
        float before = topRowLuminance();

        h.dialogs.answers.add(SKY);
        StudioHarness.reveal(h.window.world.choose);
        robot.clickOn(h.window.world.choose);
        waitUntil(() -> h.window.session.document.model().settings().environment() != null, 10, "the sky chosen");
        Environment env = model().settings().environment();
        assertEquals(SKY.toString(), env.path());
        assertEquals("sunny-sky.hdr", fx(() -> h.window.world.file.getText()));
        assertFalse(fx(() -> h.window.world.rotation.isDisabled()));
        h.awaitRefined(2);
        float after = topRowLuminance();
        assertNotEquals(before, after, 1e-3f, "the preview shows the sky where it showed the background colour");

        // The slider set directly (as a click on its track does): one step, undone as one.
        fx(() -> {
            h.window.world.rotation.setValue(90);
            return null;
        });
        waitUntil(() -> h.window.session.document.model().settings().environment().rotationDegrees() == 90f, 10, "turned");
        fx(() -> {
            h.window.undo();
            return null;
        });
        assertEquals(0f, model().settings().environment().rotationDegrees(), "one undo step turns it back");
        assertEquals(0.0, fx(() -> h.window.world.rotation.getValue()), 1e-9, "the slider follows the document");

        robot.clickOn(h.window.world.clear);
        waitUntil(() -> h.window.session.document.model().settings().environment() == null, 10, "cleared");
        assertEquals("none", fx(() -> h.window.world.file.getText()));
    }

    /** The mean luminance of the preview's top rows (above the horizon of the stage scene). */
    private float topRowLuminance() throws Exception {
        StudioHarness.Pixels p = h.pixels();
        double sum = 0;
        int n = 0;
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < p.width(); x++) {
                sum += p.at(x, y);
                n++;
            }
        }
        return (float) (sum / n);
    }
}
