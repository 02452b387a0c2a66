package org.drtstudio.studio;

import javafx.event.Event;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.TransferMode;
import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.studio.edit.NodeGeometry;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.studio.viewport.Gizmo;
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

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Drives the real studio with the mouse and keyboard (TestFX's robot on the X display) on a small
 * test stage: a floor, a checkered wall far behind, one light low on the left: import, select,
 * gizmo drag and undo, the effect sliders, export, save and reopen. Each test opens a window of its
 * own and imports what it needs, so one failing test leaves nothing behind for the next. Images are
 * read back from the viewport and measured.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StudioUiTest {
    private static final int SAMPLES = 8;
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    @TempDir
    Path tmp;
    private Path bunny;
    private int bunnyId = -1;

    @BeforeEach
    void open() throws Exception {
        StudioHarness.assumeDisplay();
        bunny = TestData.resource("obj/bunny_lowres/bunny.obj");
        h.start(TestData.resource("studio/stage.nff"), 860, 520);
        fx(() -> {
            h.window.viewport.setTargetSamples(SAMPLES);
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** Imports the bunny for a test that works on it; it ends up selected. */
    private void withBunny() throws Exception {
        bunnyId = h.importModel(bunny);
        assertEquals("bunny", group(bunnyId).name());
    }

    private SceneModel model() throws Exception {
        return fx(() -> h.window.session.document.model());
    }

    private GroupNode group(int id) throws Exception {
        return (GroupNode) model().node(id).orElseThrow();
    }

    /** Viewport point where the centre of node {@code id}'s bounds is seen. */
    private Point2D seenAt(int id) throws Exception {
        return fx(() -> {
            SceneModel m = h.window.session.document.model();
            float[] b = NodeGeometry.worldBounds(m, id, 0).orElseThrow();
            double[] p = h.window.viewport.projection().project(new Vec3(b[0], b[1], b[2]));
            return new Point2D(p[0], p[1]);
        });
    }

    /** Viewport point where world point {@code p} is seen. */
    private Point2D seenAtPoint(Vec3 p) throws Exception {
        return fx(() -> {
            double[] q = h.window.viewport.projection().project(p);
            return new Point2D(q[0], q[1]);
        });
    }

    private void clickMenu(String menu, String item) throws Exception {
        h.menu(robot, menu, item);
    }

    @Test
    @Order(1)
    void importTheBunnyThroughTheMenu() throws Exception {
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels before = h.pixels();
        int nodesBefore = model().nodes().size();
        h.dialogs.answers.add(bunny);
        clickMenu("File", "Import Model…");
        waitUntil(() -> h.window.session.document.model().nodes().size() == nodesBefore + 2, 30, "bunny imported");
        bunnyId = fx(() -> h.window.session.selected());
        assertEquals("bunny", group(bunnyId).name());
        h.awaitRefined(SAMPLES);
        Point2D c = seenAt(bunnyId);
        StudioHarness.Pixels after = h.pixels();
        double changed = after.difference(before, (int) c.getX() - 5, (int) c.getY() - 5, (int) c.getX() + 5, (int) c.getY() + 5);
        assertTrue(changed > 0.05, "the viewport shows the bunny where it was placed: change " + changed);
    }

    @Test
    @Order(2)
    void importByDragAndDropThenUndoIt() throws Exception {
        int nodesBefore = model().nodes().size();
        fx(() -> {
            Dragboard db = com.sun.javafx.scene.input.DragboardHelper.createDragboard(new DropClipboard());
            com.sun.javafx.scene.input.DragboardHelper.setDataAccessRestriction(db, false);
            ClipboardContent content = new ClipboardContent();
            content.putFiles(List.of(bunny.toFile()));
            db.setContent(content);
            Node target = h.window.viewport;
            Point2D p = target.localToScene(100, 100);
            Point2D s = target.localToScreen(100, 100);
            for (var type : List.of(DragEvent.DRAG_OVER, DragEvent.DRAG_DROPPED)) {
                Event.fireEvent(target, new DragEvent(type, db, p.getX(), p.getY(), s.getX(), s.getY(), TransferMode.COPY,
                        null, null, null));
            }
            return null;
        });
        waitUntil(() -> h.window.session.document.model().nodes().size() == nodesBefore + 2, 30, "dropped bunny imported");
        int dropped = fx(() -> h.window.session.selected());
        assertEquals("bunny", group(dropped).name());
        robot.clickOn(h.window.viewport, MouseButton.MIDDLE); // focus the window without selecting
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        waitUntil(() -> h.window.session.document.model().nodes().size() == nodesBefore, 10, "import undone");
    }

    @Test
    @Order(3)
    void clickSelectsTheObjectUnderTheCursor() throws Exception {
        withBunny();
        h.awaitRefined(SAMPLES);
        fx(() -> {
            h.window.session.select(-1);
            return null;
        });
        robot.clickOn(h.toScreen(seenAt(bunnyId)));
        waitUntil(() -> h.window.session.selected() == bunnyId, 5, "bunny selected by a click");
        h.screenshot(StudioHarness.screenshotDir().resolve("studio-main.png"));
        // A click on the empty wall selects the stage model (the whole file), not the bunny.
        int stageId = fx(() -> h.window.session.document.model().root().children().stream()
                .filter(n -> n.id() != bunnyId).findFirst().orElseThrow().id());
        robot.clickOn(h.toScreen(seenAtPoint(new Vec3(3, 3, -6))));
        waitUntil(() -> h.window.session.selected() == stageId, 5, "the stage selected by a click on its wall");
    }

    @Test
    @Order(4)
    void gizmoDragMovesTheNodeWithTheMouseAndUndoRestoresIt() throws Exception {
        withBunny();
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels before = h.pixels();
        Trs prior = group(bunnyId).transform();
        Point2D oldSeen = seenAt(bunnyId);
        Point2D center = fx(() -> h.window.viewport.gizmoCenter());
        Point2D end = fx(() -> h.window.viewport.gizmoAxisEnd(Gizmo.Handle.X));
        assertNotNull(center);
        assertNotNull(end);
        Point2D axis = end.subtract(center).normalize();
        Point2D grab = center.add(end.subtract(center).multiply(0.8));
        Point2D drop = grab.add(axis.multiply(60));
        Point2D pivotBefore = center;
        robot.drag(h.toScreen(grab), MouseButton.PRIMARY).moveTo(h.toScreen(drop)).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit(), 5, "drag committed");

        Trs moved = group(bunnyId).transform();
        assertEquals(prior.translation().y(), moved.translation().y(), "a drag along X leaves y alone");
        assertEquals(prior.translation().z(), moved.translation().z(), "a drag along X leaves z alone");
        Point2D pivotAfter = fx(() -> h.window.viewport.gizmoCenter());
        double along = pivotAfter.subtract(pivotBefore).dotProduct(axis);
        // The pivot follows the cursor along the axis: 60 px (within a pixel of robot rounding).
        assertEquals(60, along, 2.0, "pivot moved along the screen axis by the mouse travel");
        // Expected world distance from the projection alone: 60 px along the axis's screen direction.
        double expected = fx(() -> {
            ViewProjection v = h.window.viewport.projection();
            Vec3 p = new Vec3(prior.translation().x() + prior.pivot().x(), prior.translation().y() + prior.pivot().y(),
                    prior.translation().z() + prior.pivot().z());
            double[] a = v.project(p), b = v.project(p.plus(new Vec3(1e-3f, 0, 0)));
            double pixelsPerUnit = Math.hypot(b[0] - a[0], b[1] - a[1]) / 1e-3;
            return 60 / pixelsPerUnit;
        });
        double dx = moved.translation().x() - prior.translation().x();
        assertEquals(expected, dx, expected * 0.1, "node moved by the distance the mouse travelled");

        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels after = h.pixels();
        Point2D newSeen = seenAt(bunnyId);
        double atOld = after.difference(before, (int) oldSeen.getX() - 4, (int) oldSeen.getY() - 4, (int) oldSeen.getX() + 4, (int) oldSeen.getY() + 4);
        double atNew = after.difference(before, (int) newSeen.getX() - 4, (int) newSeen.getY() - 4, (int) newSeen.getX() + 4, (int) newSeen.getY() + 4);
        assertTrue(atOld > 0.03, "pixels changed where the bunny was: " + atOld);
        assertTrue(atNew > 0.03, "pixels changed where the bunny is now: " + atNew);

        robot.push(KeyCode.CONTROL, KeyCode.Z);
        waitUntil(() -> !((GroupNode) h.window.session.document.model().node(bunnyId).orElseThrow()).transform().equals(moved), 5, "undo");
        assertEquals(prior, group(bunnyId).transform(), "undo returns the exact prior transform");
    }

    @Test
    @Order(5)
    void apertureSliderBlursTheOutOfFocusWall() throws Exception {
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels sharp = h.pixels();
        int w = sharp.width(), top = sharp.height() / 4;
        double before = sharp.blockSharpness(0, 2, w, top, 3);
        Node thumb = robot.lookup("#apertureSlider .thumb").query();
        double width = fx(() -> h.window.effects.aperture.getWidth());
        robot.drag(thumb, MouseButton.PRIMARY).moveBy(width * 0.5, 0).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit() && h.window.session.document.model().camera().aperture() > 0, 5, "aperture set");
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels blurred = h.pixels();
        double after = blurred.blockSharpness(0, 2, w, top, 3);
        assertTrue(after < 0.6 * before, "the out-of-focus wall got blurrier: sharpness " + before + " -> " + after);
        h.screenshot(StudioHarness.screenshotDir().resolve("studio-depth-of-field.png"));
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        waitUntil(() -> h.window.session.document.model().camera().aperture() == 0, 5, "aperture undone");
    }

    /** Brightness of {@code img} relative to the same pixel of {@code lit}, per pixel of a box (NaN where lit is black). */
    private static double[] ratios(StudioHarness.Pixels img, StudioHarness.Pixels lit, int x0, int y0, int x1, int y1) {
        double[] r = new double[(x1 - x0) * (y1 - y0)];
        int i = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                float ref = lit.at(x, y);
                r[i++] = ref < 1e-3f ? Double.NaN : img.at(x, y) / ref;
            }
        }
        return r;
    }

    /**
     * Fraction of a box's pixels in partial shadow: brighter than the umbra and darker than full
     * light by a quarter of the difference each. {@code umbra} is the darkest level of the hard shadow.
     */
    private static double penumbra(double[] ratios, double umbra) {
        double lo = umbra + 0.25 * (1 - umbra), hi = 1 - 0.25 * (1 - umbra);
        int partial = 0, n = 0;
        for (double r : ratios) {
            if (Double.isNaN(r)) continue;
            if (r > lo && r < hi) partial++;
            n++;
        }
        return partial / (double) Math.max(1, n);
    }

    private static double percentile(double[] values, double q) {
        double[] v = java.util.Arrays.stream(values).filter(d -> !Double.isNaN(d)).sorted().toArray();
        return v[(int) Math.min(v.length - 1, Math.floor(q * v.length))];
    }

    @Test
    @Order(6)
    void lightRadiusSliderSoftensTheShadowEdge() throws Exception {
        withBunny();
        fx(() -> {
            h.window.session.setHidden(bunnyId, true);
            return null;
        });
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels unshadowed = h.pixels();
        fx(() -> {
            h.window.session.setHidden(bunnyId, false);
            return null;
        });
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels hard = h.pixels();
        // The light is low on the left: the shadow falls on the floor to the right of the bunny.
        Point2D c = seenAt(bunnyId);
        float[] b = fx(() -> NodeGeometry.worldBounds(h.window.session.document.model(), bunnyId, 0).orElseThrow());
        double radiusPx = fx(() -> b[3] / h.window.viewport.projection().unitsPerPixel(h.window.viewport.projection().depth(new Vec3(b[0], b[1], b[2]))));
        int x0 = (int) (c.getX() + radiusPx * 0.6), x1 = Math.min(hard.width(), (int) (c.getX() + radiusPx * 4));
        int y0 = (int) c.getY(), y1 = Math.min(hard.height(), (int) (c.getY() + radiusPx * 1.5));
        double[] hardRatios = ratios(hard, unshadowed, x0, y0, x1, y1);
        double umbra = percentile(hardRatios, 0.02);
        double hardPenumbra = penumbra(hardRatios, umbra);

        Node thumb = robot.lookup("#lightRadiusSlider .thumb").query();
        double width = fx(() -> h.window.effects.lightRadius.getWidth());
        robot.drag(thumb, MouseButton.PRIMARY).moveBy(width * 0.5, 0).drop();
        waitUntil(() -> !h.window.session.hasLiveEdit() && h.window.session.document.model().lights().get(0).radius() > 0, 5, "light radius set");
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels soft = h.pixels();
        double softPenumbra = penumbra(ratios(soft, unshadowed, x0, y0, x1, y1), umbra);
        assertTrue(umbra < 0.6, "the bunny casts a shadow into the measured box: darkest ratio " + umbra);
        assertTrue(softPenumbra > 2 * hardPenumbra + 0.02,
                "a larger light widens the penumbra: partly shadowed fraction " + hardPenumbra + " -> " + softPenumbra);
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        waitUntil(() -> h.window.session.document.model().lights().get(0).radius() == 0, 5, "light radius undone");
    }

    @Test
    @Order(7)
    void exportStillWritesPngAndPfm() throws Exception {
        Path png = tmp.resolve("still.png"), pfm = tmp.resolve("still.pfm");
        h.dialogs.answers.add(new ExportSettings(png, 96, 60, 4, false, 0, 0));
        clickMenu("File", "Export Still…");
        waitUntil(() -> Files.exists(png) && !h.window.jobRunning(), 60, "PNG export");
        BufferedImage img = PngWriter.read(png);
        assertEquals(96, img.getWidth());
        assertEquals(60, img.getHeight());
        long distinct = java.util.stream.IntStream.range(0, 96 * 60).map(i -> img.getRGB(i % 96, i / 96)).distinct().count();
        assertTrue(distinct > 50, "the export is an image of the scene, not a flat colour: " + distinct + " colours");

        h.dialogs.answers.add(new ExportSettings(pfm, 48, 30, 2, true, 0, 0));
        clickMenu("File", "Export Still…");
        waitUntil(() -> Files.exists(pfm) && !h.window.jobRunning(), 60, "PFM export");
        int[] size = new int[3];
        float[] data = PfmWriter.read(pfm, size);
        assertEquals(48, size[0]);
        assertEquals(30, size[1]);
        double sum = 0;
        for (float v : data) {
            assertTrue(Float.isFinite(v) && v >= 0);
            sum += v;
        }
        assertTrue(sum > 0);
    }

    @Test
    @Order(8)
    void savedProjectReopensToTheSameImage() throws Exception {
        withBunny();
        Path project = tmp.resolve("stage-with-bunny.json");
        // A render setting away from its default travels with the project too (what the filter
        // choice in the inspector calls).
        fx(() -> {
            h.window.session.setFilter(PixelFilter.GAUSSIAN);
            return null;
        });
        h.dialogs.answers.add(project);
        clickMenu("File", "Save As…");
        waitUntil(() -> Files.exists(project) && !h.window.session.document.isDirty(), 10, "saved");
        assertTrue(Files.readString(project).contains("\"filter\": \"gaussian\""), "the project names its pixel filter");
        h.awaitRefined(SAMPLES);
        StudioHarness.Pixels saved = h.pixels();
        SceneModel before = model();

        h.dialogs.answers.add(project);
        clickMenu("File", "Open…");
        waitUntil(() -> h.window.session.document.model() != before && project.toAbsolutePath().equals(h.window.session.file()), 30, "reopened");
        h.awaitRefined(SAMPLES);
        assertEquals(PixelFilter.GAUSSIAN, model().settings().filter(), "reopened with its pixel filter");
        StudioHarness.Pixels reopened = h.pixels();
        assertEquals(saved.width(), reopened.width());
        double diff = reopened.difference(saved, 0, 0, saved.width(), saved.height());
        assertTrue(diff < 0.002, "reopened project shows the same image: mean difference " + diff);
    }

    static File file(Path p) {
        return p.toFile();
    }
}
