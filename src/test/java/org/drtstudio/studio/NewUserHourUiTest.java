package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.studio.edit.NodeGeometry;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.studio.timeline.TimelineRange;
import org.drtstudio.studio.viewport.Gizmo;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 11's "new user's hour", in one go under Xvfb with a window manager: open the studio on the
 * shipped scene, import the Stanford bunny (from ../shared/data) and see it, move it with the gizmo
 * and with G + mouse, key it at two times, scrub, set aperture and light radius, export a still
 * and a 10-frame sequence, save, quit, reopen, undo and redo.
 */
class NewUserHourUiTest {
    private static final int SAMPLES = 2;
    private final FxRobot robot = new FxThreadRobot();
    private StudioHarness h = new StudioHarness();
    @TempDir
    Path tmp;

    @AfterEach
    void close() throws Exception {
        if (h.window != null && fx(() -> h.window.stage.isShowing())) h.stop();
    }

    private SceneModel model() throws Exception {
        return fx(() -> h.window.session.document.model());
    }

    private GroupNode bunny() throws Exception {
        return bunnyIn(model());
    }

    private static GroupNode bunnyIn(SceneModel m) {
        return (GroupNode) m.nodes().stream().filter(n -> n.name().equals("stanford-bunny")).findFirst().orElseThrow();
    }

    private void open(Path scene, Path home) throws Exception {
        h = new StudioHarness();
        h.start(scene, home, 1280, 800);
        // the studio-shell branch sizes the window for the screen; until then ask once it is mapped
        fx(() -> {
            h.window.stage.setWidth(1280);
            h.window.stage.setHeight(800);
            h.window.viewport.setTargetSamples(SAMPLES);
            return null;
        });
        waitUntil(() -> h.window.stage.getScene().getWidth() >= 1000 && h.window.stage.getScene().getHeight() >= 600, 10,
                "a window of at least 1000x600 on the 1600x1000 screen");
    }

    private Point2D seenAt(int id) throws Exception {
        return fx(() -> {
            float[] b = NodeGeometry.worldBounds(h.window.session.document.model(), id, h.window.session.time()).orElseThrow();
            double[] p = h.window.viewport.projection().project(new Vec3(b[0], b[1], b[2]));
            return new Point2D(p[0], p[1]);
        });
    }

    /** G, mouse travel, Enter over the viewport: returns the transform before. */
    private Trs keyboardMove(double dx, double dy) throws Exception {
        Trs before = bunny().transformAt(fx(() -> h.window.session.time()));
        Point2D start = new Point2D(fx(() -> h.window.viewport.getWidth()) * 0.25, fx(() -> h.window.viewport.getHeight()) * 0.8);
        robot.moveTo(h.toScreen(start));
        waitUntil(() -> h.window.viewport.isFocused(), 5, "viewport focused on hover");
        robot.push(KeyCode.G);
        robot.moveTo(h.toScreen(start.add(dx, dy)));
        waitUntil(() -> h.window.session.hasLiveEdit(), 5, "the bunny follows the mouse");
        robot.push(KeyCode.ENTER);
        waitUntil(() -> !h.window.session.hasLiveEdit(), 5, "G confirmed");
        return before;
    }

    private void dragSlider(String id, double fraction) throws Exception {
        Node thumb = robot.lookup(id + " .thumb").query();
        double width = fx(() -> ((Node) robot.lookup(id).query()).getLayoutBounds().getWidth());
        robot.drag(thumb, MouseButton.PRIMARY).moveBy(width * fraction, 0).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit(), 5, id + " released");
    }

    @Test
    void aNewUsersHour() throws Exception {
        Path bunnyFile = TestData.shared("obj/stanford_bunny/stanford-bunny.obj");
        Path home = StudioHarness.tempDir("drt-hour-home");
        open(Path.of("scenes", "default.nff"), home);

        // import the bunny through the menu: it shows where it lands
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels before = h.pixels();
        h.dialogs.answers.add(bunnyFile);
        h.menu(robot, "File", "Import Model…");
        waitUntil(() -> h.window.session.document.model().nodes().stream().anyMatch(n -> n.name().equals("stanford-bunny")), 60, "bunny imported");
        int id = bunny().id();
        assertEquals(id, (int) fx(() -> h.window.session.selected()), "the import is selected");
        h.awaitRefined(SAMPLES);
        Point2D c = seenAt(id);
        double changed = h.pixels().difference(before, (int) c.getX() - 6, (int) c.getY() - 6, (int) c.getX() + 6, (int) c.getY() + 6);
        assertTrue(changed > 0.03, "the viewport shows the bunny where it landed: change " + changed);

        // move it with the gizmo (X handle)
        Trs start = bunny().transform();
        Point2D g0 = fx(() -> h.window.viewport.gizmoCenter()), gx = fx(() -> h.window.viewport.gizmoAxisEnd(Gizmo.Handle.X));
        Point2D grab = g0.add(gx.subtract(g0).multiply(0.8));
        robot.drag(h.toScreen(grab), MouseButton.PRIMARY).moveTo(h.toScreen(grab.add(gx.subtract(g0).normalize().multiply(-40)))).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit(), 5, "gizmo drag committed");
        assertNotEquals(start.translation().x(), bunny().transform().translation().x(), "the gizmo moved it along x");
        assertEquals(start.translation().y(), bunny().transform().translation().y());

        // and with G + mouse
        Trs beforeG = keyboardMove(50, -20);
        assertNotEquals(beforeG.translation(), bunny().transform().translation(), "G + mouse moved it");

        // key it at two times: 0 s here, 1 s after another G move (auto-keyed)
        fx(() -> {
            h.window.timeline.time.setValue(0);
            return null;
        });
        robot.clickOn("#keyNodeButton");
        waitUntil(() -> !bunnyIn(h.window.session.document.model()).tracks().isEmpty(), 5, "first key");
        fx(() -> {
            h.window.timeline.time.setValue(1);
            return null;
        });
        keyboardMove(-60, 10);
        assertEquals(2, TimelineRange.keyTimes(model(), id).size(), "keys at 0 s and 1 s");
        Vec3 p0 = bunny().transformAt(0).translation(), p1 = bunny().transformAt(1).translation();
        assertNotEquals(p0, p1);

        // scrub: drag the timeline's thumb back toward the start; the bunny is shown between its keys
        fx(() -> {
            h.window.timeline.time.setValue(1);
            return null;
        });
        double sliderWidth = fx(() -> h.window.timeline.time.getWidth());
        double perSecond = sliderWidth / fx(() -> h.window.timeline.time.getMax());
        robot.drag((Node) robot.lookup("#timeSlider .thumb").query(), MouseButton.PRIMARY).moveBy(-perSecond * 0.5, 0).drop();
        double t = fx(() -> h.window.session.time());
        assertTrue(t > 0.2 && t < 0.8, "scrubbed to the middle: " + t);
        Vec3 mid = bunny().transformAt(t).translation();
        assertTrue(mid.minus(p0).length() > 0 && mid.minus(p1).length() > 0, "between the keys");

        // aperture and light radius
        dragSlider("#apertureSlider", 0.4);
        assertTrue(model().camera().aperture() > 0, "aperture opened");
        dragSlider("#lightRadiusSlider", 0.4);
        assertTrue(model().lights().get(0).radius() > 0, "lights got a radius");

        // export a still and a 10-frame sequence
        Path still = tmp.resolve("still.png");
        h.dialogs.answers.add(new ExportSettings(still, 96, 60, 2, false, 0, 0));
        h.menu(robot, "File", "Export Still…");
        waitUntil(() -> Files.exists(still) && !h.window.jobRunning(), 120, "still exported");
        BufferedImage img = PngWriter.read(still);
        assertEquals(96, img.getWidth());
        ExportSettings sequence = new ExportSettings(tmp.resolve("hour_####.png"), 48, 30, 1, false, 0, 9);
        h.dialogs.answers.add(sequence);
        h.menu(robot, "File", "Export Animation…");
        waitUntil(() -> !h.window.jobRunning() && Files.exists(sequence.frameFile(9)), 240, "10 frames exported");
        for (int f = 0; f <= 9; f++) assertTrue(Files.exists(sequence.frameFile(f)), "frame " + f);

        // save, quit, reopen
        Path project = tmp.resolve("hour.json");
        h.dialogs.answers.add(project);
        h.menu(robot, "File", "Save As…");
        waitUntil(() -> Files.exists(project) && !h.window.session.document.isDirty(), 10, "saved");
        SceneModel saved = model();
        robot.clickOn("File");
        robot.clickOn("Quit");
        waitUntil(() -> !h.window.stage.isShowing(), 10, "quit");

        open(project, home);
        GroupNode reopened = bunny();
        assertEquals(2, TimelineRange.keyTimes(model(), reopened.id()).size(), "the keys came back");
        assertEquals(saved.camera(), model().camera());
        assertEquals(p1, reopened.transformAt(1).translation());
        assertFalse(fx(() -> h.window.session.document.isDirty()));

        // undo / redo of an edit after reopening
        fx(() -> {
            h.window.session.select(reopened.id());
            h.window.timeline.time.setValue(0);
            return null;
        });
        SceneModel opened = model();
        keyboardMove(40, 30);
        SceneModel edited = model();
        assertNotEquals(opened, edited);
        // the window's undo and redo (what Ctrl+Z / Ctrl+Y and the Edit menu call; typed shortcuts
        // auto-repeat when a loaded X server delays the key release)
        fx(() -> {
            h.window.undo();
            return null;
        });
        waitUntil(() -> h.window.session.document.model().equals(opened), 5, "undone");
        fx(() -> {
            h.window.redo();
            return null;
        });
        waitUntil(() -> h.window.session.document.model().equals(edited), 5, "redone");
        assertTrue(model().nodes().stream().map(AuthoredNode::name).anyMatch("stanford-bunny"::equals));
    }
}
