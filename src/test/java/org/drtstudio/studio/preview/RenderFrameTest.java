package org.drtstudio.studio.preview;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.studio.viewport.ViewProjection;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The export's frame in the viewport: the rays through its corners are the export's corner rays, whichever shape is wider. */
class RenderFrameTest {
    private static final Camera CAMERA = new Camera(new Vec3(0, 2, 8), new Vec3(0.5f, 0.5f, 0), new Vec3(0, 1, 0), 40, 0, 0);

    private static void assertSameRay(Vec3 a, Vec3 b, String what) {
        assertTrue(a.minus(b).length() < 1e-4, what + ": " + a + " vs " + b);
    }

    private static void assertFramesTheExport(double vw, double vh, int ew, int eh) {
        RenderFrame f = RenderFrame.of(vw, vh, ew, eh);
        assertTrue(f.widening() >= 1, "never narrower than the camera");
        ViewProjection export = ViewProjection.of(CAMERA, ew, eh), view = ViewProjection.of(f.widen(CAMERA), vw, vh);
        double[][] corners = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0.5, 0.5}};
        for (double[] c : corners) {
            assertSameRay(export.ray(c[0] * ew, c[1] * eh), view.ray(f.x() + c[0] * f.width(), f.y() + c[1] * f.height()),
                    vw + "x" + vh + " view, " + ew + "x" + eh + " export, corner " + c[0] + "," + c[1]);
        }
        assertTrue(f.x() >= -1e-9 && f.y() >= -1e-9 && f.x() + f.width() <= vw + 1e-9 && f.y() + f.height() <= vh + 1e-9, "inside the viewport");
        assertTrue(Math.abs(f.width() - vw) < 1e-9 || Math.abs(f.height() - vh) < 1e-9, "as large as the viewport allows");
    }

    @Test
    void aWideExportInANarrowViewportIsABandAcrossAWidenedView() {
        assertFramesTheExport(520, 590, 1920, 1080);
        assertTrue(RenderFrame.of(520, 590, 1920, 1080).widening() > 1.9);
    }

    @Test
    void aNarrowExportInAWideViewportIsItsMiddleAtTheCamerasFieldOfView() {
        assertFramesTheExport(1000, 500, 640, 480);
        assertEquals(1, RenderFrame.of(1000, 500, 640, 480).widening());
    }

    @Test
    void theSameShapeIsTheWholeViewport() {
        RenderFrame f = RenderFrame.of(640, 360, 1920, 1080);
        assertEquals(new RenderFrame(1, 0, 0, 640, 360), f);
    }
}
