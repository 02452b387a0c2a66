package org.drtstudio.studio;

import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.edit.NodeGeometry;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.studio.viewport.Gizmo;
import org.drtstudio.studio.viewport.ScenePicker;
import org.drtstudio.studio.viewport.ViewProjection;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The panels around the viewport, driven with the robot: scene tree, inspector, timeline, files and
 * recovery. Each test opens a window of its own on the stage with the bunny imported.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StudioPanelsUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    @TempDir
    Path tmp;
    private Path home;
    private int bunnyId;

    @BeforeEach
    void open() throws Exception {
        StudioHarness.assumeDisplay();
        home = StudioHarness.tempDir("drt-studio-home");
        h.start(TestData.resource("studio/stage.nff"), home, 900, 780);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
        bunnyId = h.importModel(TestData.resource("obj/bunny_lowres/bunny.obj"));
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** Renames the bunny "Rabbit" and adds a copy of it, "Rabbit copy", through the session. */
    private int renameAndCopy() throws Exception {
        fx(() -> {
            h.window.session.commit(new org.drtstudio.scene.edit.Rename(bunnyId, "Rabbit"));
            h.window.session.select(bunnyId);
            h.window.tree.duplicateSelected();
            return null;
        });
        waitUntil(() -> h.window.session.document.model().nodes().stream().anyMatch(n -> n.name().equals("Rabbit copy")), 5, "copied");
        // The tree changes its rows in place and shows them at the next pulse.
        waitUntil(() -> robot.lookup("▣ Rabbit copy").tryQuery().isPresent() && robot.lookup("▣ Rabbit").tryQuery().isPresent(), 5, "the rows");
        return named("Rabbit copy").orElseThrow().id();
    }

    private SceneModel model() throws Exception {
        return fx(() -> h.window.session.document.model());
    }

    private Optional<AuthoredNode> named(String name) throws Exception {
        return model().nodes().stream().filter(n -> n.name().equals(name)).findFirst();
    }

    @Test
    @Order(1)
    void sceneTreeRenamesDuplicatesHidesAndDeletes() throws Exception {
        robot.clickOn("▣ bunny");
        waitUntil(() -> h.window.session.selected() == bunnyId, 5, "selected from the tree");
        var rootRow = fx(() -> h.window.tree.view.getRoot());
        var bunnyRow = fx(() -> {
            var row = h.window.tree.view.getSelectionModel().getSelectedItem();
            row.setExpanded(!row.isExpanded()); // as the user's click on its arrow
            return row;
        });
        boolean bunnyOpen = bunnyRow.isExpanded();
        StudioHarness.contextMenu(robot, "▣ bunny", "Rename…");
        robot.push(KeyCode.CONTROL, KeyCode.A).write("Rabbit").push(KeyCode.ENTER);
        waitUntil(() -> h.window.session.document.model().node(bunnyId).orElseThrow().name().equals("Rabbit"), 5, "renamed");

        robot.push(KeyCode.CONTROL, KeyCode.D);
        waitUntil(() -> h.window.session.document.model().nodes().stream().anyMatch(n -> n.name().equals("Rabbit copy")), 5, "duplicated");
        int copy = named("Rabbit copy").orElseThrow().id();
        assertEquals(copy, (int) fx(() -> h.window.session.selected()), "the copy is selected");
        // The tree changed its rows in place (a new root re-laid out and re-styled every row: 20-40 ms
        // of the FX thread per import or added node); the rows kept what the user opened or closed.
        assertSame(rootRow, fx(() -> h.window.tree.view.getRoot()), "the tree keeps its root row");
        assertTrue(fx(() -> rootRow.getChildren().contains(bunnyRow)), "the renamed row is the same row");
        assertEquals("▣ Rabbit", bunnyRow.getValue().label());
        assertEquals(bunnyOpen, bunnyRow.isExpanded(), "the renamed row stays as the user left it");

        StudioHarness.contextMenu(robot, "▣ Rabbit copy", "Hide / show");
        waitUntil(() -> h.window.session.isHidden(copy), 5, "hidden");
        assertTrue(fx(() -> h.window.session.shownModel().node(copy).isEmpty()), "a hidden node is not shown");
        assertTrue(model().node(copy).isPresent(), "hiding keeps the node in the document");

        robot.clickOn("▣ Rabbit copy (hidden)");
        robot.push(KeyCode.DELETE);
        waitUntil(() -> h.window.session.document.model().node(copy).isEmpty(), 5, "deleted");
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        waitUntil(() -> h.window.session.document.model().node(copy).isPresent(), 5, "delete undone");
    }

    @Test
    @Order(2)
    void sceneTreeReparentsByDrag() throws Exception {
        int copy = renameAndCopy();
        robot.drag("▣ Rabbit copy", MouseButton.PRIMARY).dropTo("▣ Rabbit");
        waitUntil(() -> h.window.session.document.model().parentOf(copy).map(GroupNode::id).orElse(-1) == bunnyId, 10, "reparented");
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        waitUntil(() -> h.window.session.document.model().parentOf(copy).map(GroupNode::id).orElse(-1) == 0, 5, "reparent undone");
    }

    @Test
    @Order(3)
    void inspectorFieldsEditTheSelectionAndTheCamera() throws Exception {
        fx(() -> {
            h.window.session.select(bunnyId);
            return null;
        });
        TextField x = robot.lookup("#translatex").queryAs(TextField.class);
        robot.doubleClickOn(x).push(KeyCode.CONTROL, KeyCode.A).write("-0.8").push(KeyCode.ENTER);
        waitUntil(() -> ((GroupNode) h.window.session.document.model().node(bunnyId).orElseThrow()).transform().translation().x() == -0.8f,
                5, "x typed into the transform");
        TextField fov = robot.lookup("#fov").queryAs(TextField.class);
        robot.doubleClickOn(fov).push(KeyCode.CONTROL, KeyCode.A).write("44").push(KeyCode.ENTER);
        waitUntil(() -> h.window.session.document.model().camera().fovY() == 44f, 5, "fov typed");
        // f-number 2: the lens radius is the full-frame focal length of a 44 degree view over 4
        TextField fNumber = robot.lookup("#fNumber").queryAs(TextField.class);
        robot.doubleClickOn(fNumber).push(KeyCode.CONTROL, KeyCode.A).write("2").push(KeyCode.ENTER);
        float radius = (float) (0.012 / Math.tan(Math.toRadians(44) / 2)) / 4;
        waitUntil(() -> Math.abs(h.window.session.document.model().camera().aperture() - radius) < 1e-6f, 5, "f-number typed");
        robot.doubleClickOn(fNumber).push(KeyCode.CONTROL, KeyCode.A).write("0").push(KeyCode.ENTER);
        assertEquals(radius, h.window.session.document.model().camera().aperture(), 1e-6f, "f-number 0 is refused");
        assertTrue(fx(() -> h.window.inspector.problemText()).startsWith("f-number: 0 is outside"), "and the inspector says why");
        assertTrue(fx(h.window.session::undo), "the f-number edit is one undo step");
        waitUntil(() -> h.window.session.document.model().camera().aperture() == 0f, 5, "f-number undone");
        robot.clickOn(fov); // a focused field keeps what is typed in it; the others follow the document
        waitUntil(() -> "Infinity".equals(fNumber.getText()), 5, "a pinhole shows f-number Infinity");
        robot.clickOn("Material");
        int bunnyMaterial = ((org.drtstudio.scene.authored.ModelLeaf) ((GroupNode) model().node(bunnyId).orElseThrow()).children().get(0)).materialOffset();
        assertEquals(bunnyMaterial, (int) fx(() -> h.window.inspector.materialChoice.getSelectionModel().getSelectedIndex()),
                "the material editor opens on the selected model's material");
        TextField exponent = robot.lookup("#exponent").queryAs(TextField.class);
        robot.doubleClickOn(exponent).push(KeyCode.CONTROL, KeyCode.A).write("oops").push(KeyCode.ENTER);
        assertEquals(model().materials().get(bunnyMaterial).phongExponent(), Float.parseFloat(fx(exponent::getText)), 1e-3,
                "a bad number is refused and the field shows the value again");
    }

    @Test
    @Order(4)
    void timelineKeysScrubsAndPlays() throws Exception {
        fx(() -> {
            h.window.session.select(bunnyId);
            h.window.timeline.time.setValue(0);
            return null;
        });
        TextField x = robot.lookup("#translatex").queryAs(TextField.class);
        robot.doubleClickOn(x).push(KeyCode.CONTROL, KeyCode.A).write("-0.8").push(KeyCode.ENTER);
        waitUntil(() -> ((GroupNode) h.window.session.document.model().node(bunnyId).orElseThrow()).transform().translation().x() == -0.8f,
                5, "x typed into the transform");
        robot.clickOn("#keyNodeButton");
        fx(() -> {
            h.window.timeline.time.setValue(2);
            return null;
        });
        robot.doubleClickOn(x).push(KeyCode.CONTROL, KeyCode.A).write("0.8").push(KeyCode.ENTER);
        robot.clickOn("#keyNodeButton");
        waitUntil(() -> ((GroupNode) h.window.session.document.model().node(bunnyId).orElseThrow()).tracks().position().keys().size() == 2, 5, "two keys");
        fx(() -> {
            h.window.timeline.time.setValue(1);
            return null;
        });
        GroupNode g = (GroupNode) model().node(bunnyId).orElseThrow();
        assertEquals(0, g.transformAt(1).translation().x(), 1e-4, "halfway between the keys at -0.8 (t=0) and 0.8 (t=2)");
        h.screenshot(StudioHarness.screenshotDir().resolve("studio-timeline.png"));
        robot.clickOn("#keyCameraButton");
        waitUntil(() -> !h.window.session.document.model().cameraTrack().isEmpty(), 5, "camera keyed");

        double before = fx(() -> h.window.session.time());
        robot.clickOn("#playButton");
        // Playback advances with the FX pulse, which a loaded machine may delay: wait for the time to move.
        waitUntil(() -> h.window.session.time() > before + 0.2, 20, "playing advances the time from " + before);
        robot.clickOn("#playButton");
        waitUntil(() -> !h.window.timeline.play.isSelected(), 10, "the second click pauses");
        double stopped = fx(() -> h.window.session.time());
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents(5);
        assertEquals(stopped, fx(() -> h.window.session.time()), "paused, the time stays");
        robot.clickOn("#motionBlurToggle");
        assertTrue(fx(() -> h.window.session.motionBlur()));
        robot.clickOn("#motionBlurToggle");
    }

    @Test
    @Order(5)
    void flyModeMovesTheCameraWhileTheRightButtonIsHeld() throws Exception {
        Camera before = model().camera();
        robot.moveTo(h.window.viewport);
        robot.press(MouseButton.SECONDARY);
        robot.press(KeyCode.W);
        try {
            // Held until a fly step (driven by the FX pulse) has moved the shown camera, however loaded the machine.
            waitUntil(() -> !h.window.session.shownModel().camera().eye().equals(before.eye()), 20, "the shown camera flies");
        } finally {
            robot.release(KeyCode.W);
            robot.release(MouseButton.SECONDARY);
        }
        waitUntil(() -> !h.window.session.document.model().camera().eye().equals(before.eye()), 20, "the flight committed on release");
        Camera after = model().camera();
        Vec3 moved = after.eye().minus(before.eye());
        Vec3 view = before.look().minus(before.eye()).normalized();
        assertTrue(moved.normalized().dot(view) > 0.99, "W flies forward along the view direction");
    }

    @Test
    @Order(6)
    void exportAnimationWritesFramesAndCancelStopsIt() throws Exception {
        ExportSettings slow = new ExportSettings(tmp.resolve("slow_####.png"), 160, 100, 4096, false, 0, 40);
        h.dialogs.answers.add(slow);
        h.menu(robot, "File", "Export Animation…");
        waitUntil(() -> h.window.jobRunning(), 5, "export running");
        robot.clickOn("#cancelJob");
        waitUntil(() -> !h.window.jobRunning(), 20, "export cancelled");
        assertFalse(Files.exists(slow.frameFile(40)), "a cancelled export stops before the end");

        ExportSettings quick = new ExportSettings(tmp.resolve("quick_####.png"), 40, 25, 2, false, 0, 2);
        h.dialogs.answers.add(quick);
        h.menu(robot, "File", "Export Animation…");
        waitUntil(() -> !h.window.jobRunning() && Files.exists(quick.frameFile(2)), 60, "animation exported");
        for (int f = 0; f <= 2; f++) assertTrue(Files.exists(quick.frameFile(f)), "frame " + f);
        assertEquals("quick_0001.png", quick.frameFile(1).getFileName().toString());
    }

    @Test
    @Order(7)
    void autosaveIsOfferedBackAfterACrashAndTheCloseQuestionCanCancel() throws Exception {
        assertTrue(model() != null && fx(() -> h.window.session.document.isDirty()));
        Path recovery = fx(() -> h.window.files.recoveryFile());
        fx(() -> {
            h.window.files.autosaveNow();
            return null;
        });
        waitUntil(() -> Files.exists(recovery), 10, "recovery file written");
        String name = named("bunny").orElseThrow().name();

        // Closing with unsaved changes asks; Cancel keeps the window open.
        h.dialogs.answers.add(StudioDialogs.SaveChoice.CANCEL);
        fx(() -> {
            h.window.stage.fireEvent(new javafx.stage.WindowEvent(h.window.stage, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
            return null;
        });
        assertTrue(fx(() -> h.window.stage.isShowing()), "cancel keeps the studio open");

        // A second studio started on the same home finds the recovery file (as after a crash) and restores it.
        StudioHarness.ScriptedDialogs answers = new StudioHarness.ScriptedDialogs();
        answers.answers.add(true);
        StudioWindow second = StudioHarness.secondStudio(home, answers);
        try {
            assertTrue(fx(() -> second.session.document.model().nodes().stream().anyMatch(n -> n.name().equals(name))), "restored");
            assertTrue(fx(() -> second.session.document.isDirty()), "restored work is unsaved until saved");
        } finally {
            fx(() -> {
                second.closeWithoutAsking();
                return null;
            });
        }
    }

    @Test
    @Order(8)
    void rotateAndScaleGizmosFocusClickAndFrameSelection() throws Exception {
        fx(() -> {
            h.window.timeline.time.setValue(0);
            h.window.session.select(bunnyId);
            return null;
        });
        robot.clickOn(h.window.viewport, MouseButton.MIDDLE);
        // F frames the selection: the camera now looks at the centre of its bounds.
        robot.push(KeyCode.F);
        waitUntil(() -> {
            float[] b = NodeGeometry.worldBounds(h.window.session.document.model(), bunnyId, 0).orElseThrow();
            return h.window.session.document.model().camera().look().minus(new Vec3(b[0], b[1], b[2])).length() < 1e-4;
        }, 5, "framed the selection");

        // R, then a quarter turn around the pivot on screen about the (upward) Y handle.
        setGizmoMode(Gizmo.Mode.ROTATE); // R/S/G over the viewport now start a keyboard transform (StudioEditUiTest)
        javafx.geometry.Point2D c = fx(() -> h.window.viewport.gizmoCenter());
        javafx.geometry.Point2D yEnd = fx(() -> h.window.viewport.gizmoAxisEnd(Gizmo.Handle.Y));
        javafx.geometry.Point2D grab = c.add(yEnd.subtract(c).multiply(0.7));
        double r = grab.distance(c);
        org.drtstudio.scene.authored.Quat before = ((GroupNode) model().node(bunnyId).orElseThrow()).transformAt(0).rotation();
        robot.drag(h.toScreen(grab), MouseButton.PRIMARY).moveTo(h.toScreen(c.add(r * 0.7, -r * 0.7)))
                .moveTo(h.toScreen(c.add(r, 0))).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit(), 5, "rotation committed");
        org.drtstudio.scene.authored.Quat after = ((GroupNode) model().node(bunnyId).orElseThrow()).transformAt(0).rotation();
        double turned = Math.toDegrees(2 * Math.acos(Math.min(1, Math.abs(before.dot(after)))));
        double swept = Math.toDegrees(Math.abs(Math.atan2(grab.getY() - c.getY(), grab.getX() - c.getX())));
        assertEquals(swept, turned, 4, "turned by the angle swept around the pivot");

        // S, then drag up and right: uniform growth.
        setGizmoMode(Gizmo.Mode.SCALE); // R/S/G over the viewport now start a keyboard transform (StudioEditUiTest)
        org.drtstudio.math.Vec3 scaleBefore = ((GroupNode) model().node(bunnyId).orElseThrow()).transformAt(0).scale();
        c = fx(() -> h.window.viewport.gizmoCenter());
        robot.drag(h.toScreen(c), MouseButton.PRIMARY).moveBy(30, -20).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit(), 5, "scale committed");
        org.drtstudio.math.Vec3 scaleAfter = ((GroupNode) model().node(bunnyId).orElseThrow()).transformAt(0).scale();
        double factor = scaleAfter.x() / scaleBefore.x();
        assertEquals(Math.exp(0.5), factor, 0.05, "scale grows by exp(0.01 per pixel of up-right travel)");
        assertEquals(factor, scaleAfter.y() / scaleBefore.y(), 1e-4);
        assertEquals(factor, scaleAfter.z() / scaleBefore.z(), 1e-4);
        setGizmoMode(Gizmo.Mode.MOVE); // R/S/G over the viewport now start a keyboard transform (StudioEditUiTest)

        // Ctrl+click on the bunny: the focus distance becomes the depth of the surface there.
        c = fx(() -> h.window.viewport.gizmoCenter());
        javafx.geometry.Point2D onBunny = c.add(0, 12);
        ScenePicker.Hit hit = fx(() -> {
            ViewProjection v = h.window.viewport.projection();
            return ScenePicker.pick(h.window.session.shownModel(), 0, v.eye(), v.ray(onBunny.getX(), onBunny.getY()));
        });
        assertTrue(hit != null, "the point below the gizmo centre lies on the bunny");
        robot.press(KeyCode.CONTROL).clickOn(h.toScreen(onBunny)).release(KeyCode.CONTROL);
        waitUntil(() -> h.window.session.document.model().camera().focusDistance() > 0, 5, "focus set");
        Camera cam = model().camera();
        double depth = hit.point().minus(cam.eye()).dot(cam.look().minus(cam.eye()).normalized());
        assertEquals(depth, cam.focusDistance(), depth * 0.02, "focus at the clicked surface's depth");
    }

    private void setGizmoMode(Gizmo.Mode mode) throws Exception {
        fx(() -> {
            h.window.viewport.setGizmoMode(mode);
            return null;
        });
    }
}
