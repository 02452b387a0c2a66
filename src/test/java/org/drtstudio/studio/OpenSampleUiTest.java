package org.drtstudio.studio;

import javafx.geometry.Point2D;
import org.drtstudio.io.Installation;
import org.drtstudio.scene.authored.ModelLeaf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * File → Open Sample, clicked with the mouse (under openbox in CI): lists the shipped scenes,
 * opens one as an untitled copy showing its models, and Save then asks where to save instead of
 * writing into the installation.
 */
class OpenSampleUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void aSampleOpensFromTheMenuAsAnUntitledCopy() throws Exception {
        h.start(null, 1200, 760);
        Path sample = new Installation(Path.of("")).scenes().resolve("spot.json").toAbsolutePath();
        byte[] shipped = Files.readAllBytes(sample);

        clickSample("#sample-spot-json");
        waitUntil(() -> modelsNow().size() == 2 && h.window.files.pendingImports() == 0, 60, "the sample's two models opened");
        assertEquals(List.of("floor.obj", "spot.obj"), models());
        assertNull(fx(() -> h.window.session.file()), "a sample is an untitled copy: Save must ask where");
        String status = fx(() -> h.window.statusMessage());
        assertTrue(status.contains("opened sample spot.json"), status);

        // The preview shows the textured cow on the checker floor: many colours, not the background.
        h.awaitRefined(1);
        StudioHarness.Pixels p = h.pixels();
        long colours = Arrays.stream(p.argb()).distinct().count();
        assertTrue(colours > 200, "the viewport shows the sample's models: " + colours + " colours");

        // Save asks for a file (the scripted dialog's answer), writes there, and leaves the sample as shipped.
        Path copy = StudioHarness.tempDir("drt-sample").resolve("my-spot.json");
        h.dialogs.answers.add(copy);
        assertTrue(fx(() -> h.window.files.save()), "saved");
        assertTrue(h.dialogs.answers.isEmpty(), "Save asked where to save");
        assertTrue(Files.size(copy) > 0, "written to the chosen file");
        assertEquals(copy, fx(() -> h.window.session.file()));
        assertArrayEquals(shipped, Files.readAllBytes(sample), "the shipped sample is unchanged");
    }

    /** The file names of the models the open scene places, in tree order. */
    private List<String> models() throws Exception {
        return fx(this::modelsNow);
    }

    /** {@link #models()} on the FX thread. */
    private List<String> modelsNow() {
        return h.window.session.document.model().nodes().stream()
                .filter(n -> n instanceof ModelLeaf).map(n -> ((ModelLeaf) n).asset().file().getFileName().toString()).toList();
    }

    /**
     * Opens File, then the Open Sample submenu, then clicks {@code itemId}; tries again (after
     * Escape) when a click did not reach a popup that a busy machine was still laying out.
     */
    private void clickSample(String itemId) throws Exception {
        for (int attempt = 0; attempt < 3; attempt++) {
            robot.clickOn("File");
            Point2D submenu = shownAt("#openSampleMenu");
            if (submenu != null) {
                robot.clickOn(submenu);
                Point2D item = shownAt(itemId);
                if (item != null) {
                    // Across to the submenu along its own row first: a diagonal path crosses the
                    // File menu's next items, and hovering one of them closes the submenu.
                    robot.moveTo(new Point2D(item.getX(), submenu.getY()));
                    robot.clickOn(item);
                    long end = System.nanoTime() + 5_000_000_000L;
                    while (System.nanoTime() < end) {
                        if (fx(() -> h.window.statusMessage()).contains("spot.json")) return;
                        Thread.sleep(20);
                    }
                }
            }
            robot.push(javafx.scene.input.KeyCode.ESCAPE);
            robot.push(javafx.scene.input.KeyCode.ESCAPE);
        }
        throw new AssertionError("File > Open Sample > " + itemId + " did not act");
    }

    /**
     * The screen centre of a menu item once it is showing, or null after 10 s. Read on the FX
     * thread in one go: a popup's item nodes are replaced when it is laid out again, so a node
     * looked up earlier may no longer be in a scene by the time the robot would ask for its bounds.
     */
    private Point2D shownAt(String id) throws Exception {
        long end = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < end) {
            Point2D p = fx(() -> robot.lookup(id).queryAll().stream()
                    .filter(x -> x.isVisible() && x.getScene() != null && x.getScene().getWindow() != null && x.getScene().getWindow().isShowing())
                    .map(x -> x.localToScreen(x.getBoundsInLocal())).filter(b -> b != null && b.getWidth() > 0)
                    .map(b -> new Point2D(b.getCenterX(), b.getCenterY())).findFirst().orElse(null));
            if (p != null) return p;
            Thread.sleep(20);
        }
        return null;
    }
}
