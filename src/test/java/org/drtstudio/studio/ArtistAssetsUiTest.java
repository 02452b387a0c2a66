package org.drtstudio.studio;

import javafx.event.Event;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;
import org.drtstudio.io.gltf.GltfFiles;
import org.drtstudio.io.ply.PlyFiles;
import org.drtstudio.render.ViewTransform;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Artists' assets in the studio, as a new user brings them: a PLY scan by File → Import, a .glb
 * dropped on the view, both shown; the filmic view and exposure change the preview; the still
 * exported as EXR (scene-referred) and PNG. Screenshots go to {@link StudioHarness#screenshotDir}
 * ({@code -Ddrt.screenshots=docs/images} for docs/STUDIO.md).
 */
class ArtistAssetsUiTest {
    private final StudioHarness h = new StudioHarness();
    /** Where the glb is dropped in the view: on the stage's floor, left of the middle. */
    private static final double DROP_X = 250, DROP_Y = 560;

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** The Stanford bunny of ../shared/data as a binary PLY with a colour per vertex, else a cube and a notched face. */
    private static PlyFiles scan() throws Exception {
        Path bunny = Path.of("..", "shared", "data", "obj", "bunny_lowres", "bunny.obj");
        if (!Files.isRegularFile(bunny)) return PlyFiles.cubeAndNotch();
        PlyFiles p = new PlyFiles();
        p.colours = true;
        for (String line : Files.readAllLines(bunny)) {
            String[] w = line.trim().split("\\s+");
            if (w[0].equals("v")) {
                float x = Float.parseFloat(w[1]), y = Float.parseFloat(w[2]), z = Float.parseFloat(w[3]);
                p.vertex(x, y, z, 200, 120 + (int) (600 * y) % 100, 90);
            }
            if (w[0].equals("f")) {
                int[] f = new int[w.length - 1];
                for (int i = 0; i < f.length; i++) f[i] = Integer.parseInt(w[i + 1].split("/")[0]) - 1;
                p.face(f);
            }
        }
        return p;
    }

    private void drop(Path file) throws Exception {
        fx(() -> {
            Dragboard db = com.sun.javafx.scene.input.DragboardHelper.createDragboard(new DropClipboard());
            com.sun.javafx.scene.input.DragboardHelper.setDataAccessRestriction(db, false);
            ClipboardContent content = new ClipboardContent();
            content.putFiles(List.of(file.toFile()));
            db.setContent(content);
            Node target = h.window.viewport;
            Point2D p = target.localToScene(DROP_X, DROP_Y), s = target.localToScreen(DROP_X, DROP_Y);
            for (var type : List.of(DragEvent.DRAG_OVER, DragEvent.DRAG_DROPPED)) {
                Event.fireEvent(target, new DragEvent(type, db, p.getX(), p.getY(), s.getX(), s.getY(), TransferMode.COPY, null, null, null));
            }
            return null;
        });
    }

    @Test
    void aPlyByMenuAndAGlbByDropShowAndTheViewAndExportsFollow(@TempDir Path dir) throws Exception {
        Path ply = dir.resolve("bunny.ply");
        Files.write(ply, scan().bytes("binary_little_endian"));
        BufferedImage checker = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 8; y++) for (int x = 0; x < 8; x++) checker.setRGB(x, y, ((x + y) & 1) == 0 ? 0xd04020 : 0xf0e0c0);
        GltfFiles boxes = GltfFiles.sample();
        boxes.images.set(0, GltfFiles.map("bufferView", boxes.embed(png(checker)), "mimeType", "image/png"));
        Path glb = dir.resolve("boxes.glb");
        Files.write(glb, boxes.glb());

        h.start(TestData.resource("studio/stage.nff"), 1400, 900);
        h.awaitRefined(1);
        StudioHarness.Pixels empty = h.pixels();
        h.importModel(ply);
        waitUntil(() -> h.window.statusMessage().contains("bunny.ply"), 30, "the PLY import named in the status bar");
        int nodes = fx(() -> h.window.session.document.model().nodes().size());
        h.awaitRefined(4);
        StudioHarness.Pixels withPly = h.pixels();
        drop(glb);
        waitUntil(() -> h.window.session.document.model().nodes().size() > nodes && h.window.files.pendingImports() == 0, 30,
                "the dropped glb imported");
        waitUntil(() -> h.window.statusMessage().contains("boxes.glb"), 30, "the glb import named in the status bar");
        assertEquals(glb, h.dialogs.lastOpened, "the next file chooser opens beside the dropped file");
        h.awaitRefined(4);
        StudioHarness.Pixels both = h.pixels();
        double change = both.difference(empty, 0, 0, both.width(), both.height());
        assertTrue(change > 0.005, "the imports show in the view: mean change " + change);
        double dropped = both.difference(withPly, 0, 0, both.width(), both.height());
        h.screenshot(StudioHarness.screenshotDir().resolve("studio-artist-assets.png"));
        assertTrue(dropped > 0.02, "the dropped boxes show in the view: mean change " + dropped);

        // the filmic view, two stops up: the preview changes, the scene does not
        var modelBefore = fx(() -> h.window.session.document.model());
        fx(() -> {
            h.window.viewControls.choose(new ViewTransform(2f, ViewTransform.View.AGX)); // View → Exposure +2, View → Display transform → AgX
            return null;
        });
        assertEquals(new ViewTransform(2f, ViewTransform.View.AGX), fx(() -> h.window.viewControls.current()));
        waitUntil(() -> changedFrom(both) > 0.01, 30, "the preview shown through the view");
        assertSame(modelBefore, fx(() -> h.window.session.document.model()), "the view is not an edit of the scene");
        h.awaitRefined(4);
        h.screenshot(StudioHarness.screenshotDir().resolve("studio-filmic-view.png"));

        // Export Still as EXR and PNG
        Path exr = dir.resolve("still.exr"), png = dir.resolve("still.png");
        for (Path out : List.of(exr, png)) {
            String[] outcome = new String[1];
            fx(() -> {
                h.window.files.export(new ExportSettings(out, 64, 48, 2, false, 0, 0), false, m -> outcome[0] = m);
                return null;
            });
            waitUntil(() -> outcome[0] != null, 60, "export of " + out.getFileName());
            assertTrue(Files.size(out) > 100, out + ": " + outcome[0]);
        }
        var picture = org.drtstudio.io.image.exr.TinyExr.decode(Files.readAllBytes(exr));
        assertEquals(64, picture.width());
        assertNotNull(picture.channel("R"));
    }

    private double changedFrom(StudioHarness.Pixels before) {
        try {
            StudioHarness.Pixels now = h.pixels();
            return now.width() == before.width() && now.height() == before.height()
                    ? now.difference(before, 0, 0, now.width(), now.height()) : 0;
        } catch (Exception e) {
            return 0;
        }
    }

    private static byte[] png(BufferedImage img) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        return out.toByteArray();
    }
}
