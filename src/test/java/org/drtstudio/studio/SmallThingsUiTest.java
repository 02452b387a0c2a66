package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.studio.preview.RenderFrame;
import org.drtstudio.studio.viewport.ImportPlacement;
import org.drtstudio.studio.window.WindowSettings;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 14, on the shipped scene under openbox: underscores stay in menu labels, a
 * measurement's maximised window is not remembered for the next start, three imports of one model
 * all land wholly in view, and G moves a model along the floor instead of into it.
 */
class SmallThingsUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    private Path home, model;

    @BeforeEach
    void open() throws Exception {
        home = StudioHarness.tempDir("drt-small-home");
        h.start(Path.of("scenes", "default.nff"), home, 1100, 700);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
        // The low-resolution bunny under a name with underscores, as bunny_1m.
        Path folder = StudioHarness.tempDir("drt-small-model");
        model = folder.resolve("low_res_bunny.obj");
        Files.copy(TestData.resource("obj/bunny_lowres/bunny.obj"), model);
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** Found in a usability pass: ./drt opened the shipped scene as the user's file, so its first export was offered into the installation. */
    @Test
    void theShippedSceneOpensAsAnUntitledSampleWhoseExportIsNotOfferedTheInstallation() throws Exception {
        assertNull(fx(() -> h.window.session.file()), "an untitled copy: Save asks where");
        Path renders = StudioHarness.tempDir("drt-small-renders");
        h.dialogs.answers.add(new org.drtstudio.studio.export.ExportSettings(renders.resolve("still.png"), 32, 18, 1, false, 0, 0));
        fx(() -> {
            h.window.files.exportWithDialog(false);
            return null;
        });
        Path offered = h.dialogs.lastExportOffer.output().toAbsolutePath().getParent();
        assertFalse(offered.equals(Path.of("scenes").toAbsolutePath()), "offered " + offered + ", the installation's scenes");
        waitUntil(() -> !h.window.jobRunning() && Files.exists(renders.resolve("still.png")), 60, "still exported");
        Path saved = renders.resolve("mine.json");
        h.dialogs.answers.add(saved);
        assertTrue(fx(() -> h.window.files.save()), "Save asked where, and saved there");
        assertEquals("default.json", h.dialogs.lastSuggestedName, "named after the scene, without the model file's extension");
        assertTrue(Files.isRegularFile(saved));
    }

    @Test
    void underscoresStayInMenuLabels() throws Exception {
        h.importModel(model);
        robot.clickOn("Edit");
        waitUntil(() -> shownMenuText("Undo").isPresent(), 10, "the Edit menu shown");
        String undo = fx(() -> shownMenuText("Undo").orElseThrow());
        robot.push(KeyCode.ESCAPE);
        assertEquals("Undo Import 'low_res_bunny'", undo, "the label as drawn");
    }

    /** FX thread: the text drawn for the shown menu item whose text starts with {@code start}. */
    private java.util.Optional<String> shownMenuText(String start) {
        return robot.lookup(".menu-item").queryAll().stream().filter(n -> n.isVisible() && n.getScene() != null
                        && n.getScene().getWindow() instanceof javafx.stage.PopupWindow && n.getScene().getWindow().isShowing())
                .flatMap(n -> ((javafx.scene.Parent) n).lookupAll(".label").stream())
                .filter(n -> n instanceof Labeled l && l.getText() != null && l.getText().startsWith(start))
                .map(n -> drawn((Labeled) n)).findFirst();
    }

    private static String drawn(Labeled l) {
        for (Node c : l.getChildrenUnmodifiable()) if (c instanceof javafx.scene.text.Text t) return t.getText();
        return l.getText();
    }

    @Test
    void aMeasurementsMaximisedWindowIsNotRememberedForTheNextStart() throws Exception {
        Path settings = home.resolve(WindowSettings.FILE_NAME);
        fx(() -> {
            new ResponsivenessProbe(h.window, new PrintStream(java.io.OutputStream.nullOutputStream()), true);
            h.window.stage.setMaximized(true); // as the probe's maximised view does
            return null;
        });
        waitUntil(() -> h.window.stage.isMaximized(), 10, "maximised");
        h.stop();
        boolean maximised = Files.exists(settings) && WindowSettings.load(settings, m -> { }).map(WindowSettings::maximized).orElse(false);
        assertFalse(maximised, "the next normal start does not open maximised");
    }

    /** Found in a usability pass: an SPD scene (NFF, up +z) imported into the +y studio lay on its side. */
    @Test
    void aZUpNffStandsUprightAndAnObjIsNotTurned() throws Exception {
        Path post = StudioHarness.tempDir("drt-small-nff").resolve("post.nff");
        // A post 0.2 wide and 1 tall along the file's up, +z, as Eric Haines' SPD scenes are made.
        Files.writeString(post, "v\nfrom 0 -6 1\nat 0 0 0.5\nup 0 0 1\nangle 40\nhither 0.01\nresolution 64 64\n"
                + "b 0.2 0.2 0.2\nl 4 -4 6\nf 0.8 0.4 0.2 1 0 0 0 0\np 4\n-0.1 0 0\n0.1 0 0\n0.1 0 1\n-0.1 0 1\n");
        int id = h.importModel(post);
        float[] b = fx(() -> worldBox(h.window.session.document.model(), id));
        assertTrue(b[4] - b[1] > 3 * (b[3] - b[0]), "it stands: " + java.util.Arrays.toString(b));
        assertTrue(fx(() -> h.window.statusMessage()).contains("turned upright"), fx(() -> h.window.statusMessage()));
        int bunny = h.importModel(model);
        var turn = fx(() -> ((org.drtstudio.scene.authored.GroupNode) h.window.session.document.model().node(bunny).orElseThrow()).transform().rotation());
        assertEquals(org.drtstudio.scene.authored.Quat.IDENTITY, turn, "an OBJ is +y up: not turned");
    }

    @Test
    void threeImportsOfOneModelLandWhollyInView() throws Exception {
        for (int i = 1; i <= 3; i++) {
            int id = h.importModel(model);
            float[] b = fx(() -> worldBox(h.window.session.document.model(), id));
            double w = fx(() -> h.window.viewport.getWidth()), ht = fx(() -> h.window.viewport.getHeight());
            RenderFrame frame = fx(() -> h.window.viewport.renderFrame());
            for (int corner = 0; corner < 8; corner++) {
                Vec3 c = new Vec3((corner & 1) == 0 ? b[0] : b[3], (corner & 2) == 0 ? b[1] : b[4], (corner & 4) == 0 ? b[2] : b[5]);
                double[] p = fx(() -> h.window.viewport.projection().project(c));
                assertTrue(p != null && p[0] >= frame.x() && p[0] <= frame.x() + frame.width() && p[1] >= frame.y()
                        && p[1] <= frame.y() + frame.height(), "import " + i + ": its corner " + c + " is in view (" + w + " x " + ht + "), at "
                        + (p == null ? "behind" : p[0] + ", " + p[1]));
            }
        }
    }

    @Test
    void gMovesAModelAlongTheFloorNotIntoIt() throws Exception {
        int id = h.importModel(model);
        float[] before = fx(() -> worldBox(h.window.session.document.model(), id));
        Point2D centre = fx(() -> h.window.viewport.gizmoCenter());
        robot.moveTo(h.toScreen(centre.add(0, -20)));
        robot.push(KeyCode.G);
        waitUntil(() -> h.window.keyboardTransform.isActive(), 10, "G started a move");
        robot.moveTo(h.toScreen(centre.add(60, 70)));
        waitUntil(() -> h.window.session.hasLiveEdit(), 10, "the move follows the mouse");
        robot.push(KeyCode.ENTER);
        waitUntil(() -> !h.window.keyboardTransform.isActive(), 10, "confirmed");
        float[] after = fx(() -> worldBox(h.window.session.document.model(), id));
        double height = before[4] - before[1];
        assertTrue(Math.hypot(after[0] - before[0], after[2] - before[2]) > 0.1 * height, "it moved along the floor");
        assertEquals(before[1], after[1], 0.02 * height, "its bottom stays on the floor (it was " + before[1] + ")");
    }

    /** The world box of node {@code id}'s geometry. */
    private static float[] worldBox(SceneModel m, int id) {
        var node = (org.drtstudio.scene.authored.GroupNode) m.node(id).orElseThrow();
        SceneModel alone = m.withRoot(m.root().withChildren(List.of(node)));
        float[] out = null;
        for (float[] b : ImportPlacement.objectBoxes(alone, 0)) {
            if (out == null) out = b.clone();
            for (int a = 0; a < 3; a++) {
                out[a] = Math.min(out[a], b[a]);
                out[a + 3] = Math.max(out[a + 3], b[a + 3]);
            }
        }
        return out;
    }
}
