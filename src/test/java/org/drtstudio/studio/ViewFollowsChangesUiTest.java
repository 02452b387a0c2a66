package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.scene.edit.SetLights;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Issue 39, items 4 and 5: what the window shows follows every change, whatever made it. The gizmo
 * is drawn where its pivot projects after the window is resized (it vanished, or stayed ~90 px
 * away), and after F frames a small object the sliders show the camera's aperture and the lights'
 * radius (they showed their range's end, below the document's value).
 */
class ViewFollowsChangesUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    private int bunny;

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
        bunny = h.importModel(TestData.resource("obj/bunny_lowres/bunny.obj"));
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** FX thread: the overlay's pixel at viewport point {@code p} (the gizmo's white pivot dot is 10 px across). */
    private int overlayPixel(Point2D p) {
        WritableImage img = OverlayPixels.snapshot(h.window.viewport);
        int x = (int) Math.round(p.getX()), y = (int) Math.round(p.getY());
        if (x < 0 || y < 0 || x >= img.getWidth() || y >= img.getHeight()) return 0;
        return img.getPixelReader().getArgb(x, y);
    }

    private static boolean white(int argb) {
        return (argb >>> 24) > 200 && ((argb >> 16) & 255) > 230 && ((argb >> 8) & 255) > 230 && (argb & 255) > 230;
    }

    @Test
    void theGizmoIsDrawnAtItsPivotAfterTheWindowIsResized() throws Exception {
        Point2D before = fx(() -> h.window.viewport.gizmoCenter());
        assertNotNull(before, "the imported bunny has a gizmo");
        waitUntil(() -> white(overlayPixel(h.window.viewport.gizmoCenter())), 10, "the gizmo drawn at its pivot");
        List<String> wrong = new ArrayList<>();
        for (double[] size : new double[][]{{900, 620}, {1250, 760}}) {
            fx(() -> {
                h.window.stage.setWidth(size[0]);
                h.window.stage.setHeight(size[1]);
                return null;
            });
            waitUntil(() -> Math.abs(h.window.stage.getWidth() - size[0]) < 2 && Math.abs(h.window.stage.getHeight() - size[1]) < 2, 10,
                    "window resized");
            Point2D was = before;
            waitUntil(() -> h.window.viewport.gizmoCenter().distance(was) > 10, 10, "the resize moved the pivot on screen");
            Point2D now = fx(() -> h.window.viewport.gizmoCenter());
            try {
                waitUntil(() -> white(overlayPixel(h.window.viewport.gizmoCenter())), 3, "the gizmo drawn at its new pivot");
            } catch (AssertionError e) {
                wrong.add(size[0] + " x " + size[1] + ": nothing drawn at the pivot " + now);
            }
            before = now;
        }
        assertEquals(List.of(), wrong, "the gizmo follows the window's size");
    }

    @Test
    void afterFramingTheSelectionTheSlidersShowTheDocumentsValues() throws Exception {
        fx(() -> {
            Camera c = h.window.session.document.model().camera();
            h.window.session.commit(new SetCamera(new Camera(c.eye(), c.look(), c.up(), c.fovY(), 0.3523f, c.focusDistance())));
            List<Light> lights = new ArrayList<>();
            for (Light l : h.window.session.document.model().lights()) lights.add(l.withRadius(1.512f));
            h.window.session.commit(new SetLights("radius", lights));
            h.window.session.select(bunny);
            return null;
        });
        // F over the view frames the small bunny: the camera comes close, the sliders' ranges shrink.
        robot.moveTo(h.toScreen(fx(() -> new Point2D(h.window.viewport.getWidth() / 2, h.window.viewport.getHeight() / 2))));
        double distanceBefore = fx(() -> distance(h.window.session.document.model().camera()));
        robot.push(KeyCode.F);
        waitUntil(() -> distance(h.window.session.document.model().camera()) < distanceBefore * 0.8, 10, "framed the bunny");
        Camera c = fx(() -> h.window.session.document.model().camera());
        float radius = fx(() -> h.window.session.document.model().lights().get(0).radius());
        assertEquals(0.3523f, c.aperture(), 1e-6, "F keeps the aperture");
        assertEquals(c.aperture(), fx(() -> h.window.effects.aperture.getValue()), 1e-6, "the aperture slider shows the camera's aperture");
        assertEquals(radius, fx(() -> h.window.effects.lightRadius.getValue()), 1e-6, "the light-radius slider shows the lights' radius");
        double focus = c.focusDistance() > 0 ? c.focusDistance() : distance(c);
        assertEquals(focus, fx(() -> h.window.effects.focus.getValue()), 1e-4, "the focus slider shows the focus distance");
        assertEquals(String.format(Locale.ROOT, "%.3g", c.aperture()), fx(() -> robot.lookup("#apertureValue").queryAs(Label.class).getText()));
        assertEquals(String.format(Locale.ROOT, "%.3g", radius), fx(() -> robot.lookup("#lightRadiusValue").queryAs(Label.class).getText()));
    }

    private static double distance(Camera c) {
        return c.look().minus(c.eye()).length();
    }
}
