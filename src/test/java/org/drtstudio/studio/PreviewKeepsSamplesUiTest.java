package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 2: only what changes the picture restarts the preview's accumulation. Selecting a
 * row of the tree, clicking the view, Ctrl+S of an unchanged saved project and a new frame rate
 * each leave the view with at least the samples it had (the frame of the new request carries them);
 * moving the camera starts it over. Driven with the robot under openbox, on the small stage.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PreviewKeepsSamplesUiTest {
    /** Samples the view has before each action: enough that a restart (back to 1) is plain. */
    private static final int SAMPLES_BEFORE = 6;
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();

    @BeforeAll
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700);
        fx(() -> {
            h.window.viewport.setTargetSamples(1024); // still refining through the test, as a user's view does
            return null;
        });
        Path project = StudioHarness.tempDir("drt-keep-samples").resolve("stage.json");
        h.dialogs.answers.add(project);
        fx(() -> h.window.files.saveAs());
        waitUntil(() -> !h.window.session.document.isDirty(), 10, "saved");
    }

    @AfterAll
    void close() throws Exception {
        h.stop();
    }

    /** The samples of the view on screen once it has {@link #SAMPLES_BEFORE}, and the request it belongs to. */
    private PreviewFrame refinedFrame() throws Exception {
        h.awaitRefined(SAMPLES_BEFORE);
        return fx(() -> h.window.viewport.shownFrame());
    }

    /** Waits for the first frame of a request newer than {@code before} and returns it. */
    private PreviewFrame firstFrameAfter(PreviewFrame before, String action) throws Exception {
        waitUntil(() -> h.window.viewport.requestRevision() > before.revision(), 10, action + " asked the preview for a view");
        long revision = fx(() -> h.window.viewport.requestRevision());
        waitUntil(() -> {
            PreviewFrame f = h.window.viewport.shownFrame();
            return f != null && f.revision() >= revision;
        }, 30, "a frame of the view after " + action);
        return fx(() -> h.window.viewport.shownFrame());
    }

    private void assertKeepsSamples(PreviewFrame before, PreviewFrame after, String action) {
        assertTrue(after.samples() >= before.samples() && after.pixelScale() == before.pixelScale(),
                action + " kept the view's samples: " + before.samples() + " spp before, " + after.samples() + " spp after");
    }

    @Test
    @Order(1)
    void selectingARowOfTheTreeKeepsTheSamples() throws Exception {
        PreviewFrame before = refinedFrame();
        javafx.scene.Node row = fx(() -> robot.lookup(".tree-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TreeCell<?> c && c.getText() != null && c.getText().startsWith("▣ ")
                        && !c.getText().equals("▣ root"))
                .findFirst().orElseThrow());
        robot.clickOn(row);
        waitUntil(() -> h.window.session.selected() >= 0, 10, "selected from the tree");
        assertKeepsSamples(before, firstFrameAfter(before, "selecting a row"), "selecting a row");
    }

    @Test
    @Order(2)
    void clickingTheViewKeepsTheSamples() throws Exception {
        fx(() -> {
            h.window.session.select(-1);
            return null;
        });
        PreviewFrame before = refinedFrame();
        int selected = fx(() -> h.window.session.selected());
        // The middle of the view: the stage's floor or wall, so the click selects the stage.
        double w = fx(() -> h.window.viewport.getWidth()), ht = fx(() -> h.window.viewport.getHeight());
        robot.clickOn(h.toScreen(new Point2D(w / 2, ht / 2)));
        waitUntil(() -> h.window.session.selected() != selected, 10, "the click changed the selection");
        assertKeepsSamples(before, firstFrameAfter(before, "clicking the view"), "clicking the view");
    }

    @Test
    @Order(3)
    void savingAnUnchangedProjectKeepsTheSamples() throws Exception {
        PreviewFrame before = refinedFrame();
        assertFalse(fx(() -> h.window.session.document.isDirty()), "nothing to save");
        h.focus();
        robot.press(KeyCode.CONTROL).push(KeyCode.S).release(KeyCode.CONTROL);
        assertKeepsSamples(before, firstFrameAfter(before, "Ctrl+S"), "Ctrl+S");
    }

    @Test
    @Order(4)
    void aNewFrameRateKeepsTheSamples() throws Exception {
        PreviewFrame before = refinedFrame();
        TextField fps = robot.lookup("#fpsField").queryAs(TextField.class);
        robot.doubleClickOn(fps);
        fx(() -> {
            fps.selectAll();
            return null;
        });
        robot.write("30").push(KeyCode.ENTER);
        waitUntil(() -> h.window.session.document.model().animation().fps() == 30, 10, "frame rate set");
        assertKeepsSamples(before, firstFrameAfter(before, "the fps field"), "the fps field");
    }

    /** An import that cannot be read changes nothing the view shows: it goes on from its samples, not from coarse stages. */
    @Test
    @Order(5)
    void aFailedImportKeepsTheSamples() throws Exception {
        Path notes = StudioHarness.tempDir("drt-keep-samples-bad").resolve("notes.obj");
        Files.writeString(notes, "not a model: a text file renamed .obj\n");
        PreviewFrame before = refinedFrame();
        h.dialogs.lastError = null;
        fx(() -> {
            h.window.files.importModel(notes);
            return null;
        });
        waitUntil(() -> h.dialogs.lastError != null && h.window.files.pendingImports() == 0, 30, "the import refused");
        PreviewFrame after = fx(() -> h.window.viewport.shownFrame());
        assertKeepsSamples(before, after, "a failed import");
    }

    /** The other side of the decision: a change the picture shows starts the view over. */
    @Test
    @Order(6)
    void movingTheCameraStartsTheViewOver() throws Exception {
        PreviewFrame before = refinedFrame();
        fx(() -> {
            Camera c = h.window.session.document.model().camera();
            h.window.session.commit(new SetCamera(new Camera(c.eye().plus(new Vec3(0.2f, 0, 0)), c.look(), c.up(), c.fovY(), c.aperture(),
                    c.focusDistance())));
            return null;
        });
        PreviewFrame after = firstFrameAfter(before, "moving the camera");
        assertTrue(after.samples() < before.samples(), "a new view: " + after.samples() + " spp after " + before.samples());
    }
}
