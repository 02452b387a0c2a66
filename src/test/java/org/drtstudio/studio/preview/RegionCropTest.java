package org.drtstudio.studio.preview;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.*;

/** A render region traced as an image of its own shows the very pixels of the whole view there. */
class RegionCropTest {
    private static final int W = 96, H = 60;

    @Test
    void theRegionsPixelsAreTheWholeViewsPixelsThere() throws Exception {
        SceneModel m = ProjectConverter.open(TestData.resource("studio/stage.nff")).model();
        GeometryImage image = FrameSetup.pack(new GeometryImageBuilder(), m, 0, false);
        TraceParameters full = FrameSetup.parameters(m, 0, false, PixelFilter.BOX, image, W, H, 1, null);
        PreviewRegion region = new PreviewRegion(30, 12, 40, 28);
        TraceParameters crop = RegionCrop.crop(full, region, region.width(), region.height());
        try (CpuRenderer r = new CpuRenderer(2)) {
            Frame whole = r.render(image, full, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
            Frame part = r.render(image, crop, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
            assertEquals(region.width(), part.width());
            assertEquals(region.height(), part.height());
            double worst = 0, sum = 0;
            for (int y = 0; y < region.height(); y++) {
                for (int x = 0; x < region.width(); x++) {
                    int a = 3 * ((region.y() + y) * W + region.x() + x), b = 3 * (y * region.width() + x);
                    for (int c = 0; c < 3; c++) {
                        double d = Math.abs(whole.radiance()[a + c] - part.radiance()[b + c]);
                        worst = Math.max(worst, d);
                        sum += whole.radiance()[a + c];
                    }
                }
            }
            assertTrue(sum > 0, "the region is not black");
            assertTrue(worst < 1e-3, "same pixels up to float rounding, worst difference " + worst);
        }
    }

    @Test
    void theCentralRayAndThePlaneOfFocusStayWhereTheWholeViewHasThem() throws Exception {
        SceneModel m = ProjectConverter.open(TestData.resource("studio/stage.nff")).model();
        GeometryImage image = FrameSetup.pack(new GeometryImageBuilder(), m, 0, false);
        TraceParameters full = FrameSetup.parameters(m, 0, false, PixelFilter.BOX, image, W, H, 1, null);
        PreviewRegion corner = new PreviewRegion(0, 0, 24, 20);
        TraceParameters crop = RegionCrop.crop(full, corner, 24, 20);
        // The whole view's ray through the region's centre (12, 10).
        float nx = 2f * 12 / W - 1, ny = 1 - 2f * 10 / H;
        float[] f = full.forward(), r = full.right(), u = full.up();
        double[] d = {f[0] + nx * r[0] + ny * u[0], f[1] + nx * r[1] + ny * u[1], f[2] + nx * r[2] + ny * u[2]};
        float[] cf = crop.forward();
        double dl = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), cl = Math.sqrt(cf[0] * cf[0] + cf[1] * cf[1] + cf[2] * cf[2]);
        for (int i = 0; i < 3; i++) assertEquals(d[i] / dl, cf[i] / cl, 1e-6, "the region's axis is that ray");
        // Where that ray meets the whole view's plane of focus (focusDistance along its unit forward).
        double fl = Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
        double cos = (d[0] * f[0] + d[1] * f[1] + d[2] * f[2]) / (dl * fl);
        assertEquals(full.open().focusDistance() / cos, crop.open().focusDistance(), 1e-4,
                "the crop's focus distance reaches the same plane along its axis");
        assertTrue(crop.open().focusDistance() > full.open().focusDistance(), "off-axis, the plane is farther along the ray");
    }
}
