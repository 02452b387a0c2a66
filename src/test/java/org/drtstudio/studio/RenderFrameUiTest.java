package org.drtstudio.studio;

import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 7: the viewport shows what an export frames. In a viewport much narrower than
 * the project's 16:10 still, the still's frame is a band across the view whose pixels are the
 * still's: block means of the export and of the viewport inside that band agree, and what lies
 * outside the band is darkened. The band is worked out here from the shapes alone.
 */
class RenderFrameUiTest {
    /** Blocks across the still when comparing: 8 x 8 pixels of a 320 x 200 still, so sampling noise averages out. */
    private static final int BLOCKS_X = 40, BLOCKS_Y = 25;
    private final StudioHarness h = new StudioHarness();

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700); // a viewport of about 0.9:1, the still is 1.6:1
        fx(() -> {
            h.window.viewport.setTargetSamples(16);
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void theViewportInsideTheExportFrameShowsTheExport() throws Exception {
        var settings = fx(() -> h.window.session.document.model().settings());
        double exportAspect = settings.width() / (double) settings.height();
        double vw = fx(() -> h.window.viewport.getWidth()), vh = fx(() -> h.window.viewport.getHeight());
        assertTrue(exportAspect > vw / vh * 1.3, "the still is much wider than the viewport: " + exportAspect + " vs " + vw / vh);
        Path png = StudioHarness.tempDir("drt-frame").resolve("still.png");
        String[] outcome = new String[1];
        fx(() -> {
            h.window.files.export(new ExportSettings(png, settings.width(), settings.height(), 16, false, 0, 0), false, m -> outcome[0] = m);
            return null;
        });
        waitUntil(() -> outcome[0] != null, 120, "exported");
        BufferedImage still = ImageIO.read(png.toFile());
        h.awaitRefined(16);
        StudioHarness.Pixels view = h.pixels();
        assertTrue(Math.abs(view.width() - vw) < 2, "the viewport image is at full resolution");

        // The still's frame in the viewport: as wide as the viewport, its height by the still's shape, centred.
        double bandHeight = vw / exportAspect, top = (vh - bandHeight) / 2;
        double worst = 0, sum = 0;
        for (int by = 0; by < BLOCKS_Y; by++) {
            for (int bx = 0; bx < BLOCKS_X; bx++) {
                double exported = blockMean(still, bx, by);
                double shown = blockMean(view, bx * vw / BLOCKS_X, top + by * bandHeight / BLOCKS_Y, vw / BLOCKS_X, bandHeight / BLOCKS_Y);
                double d = Math.abs(exported - shown);
                worst = Math.max(worst, d);
                sum += d;
            }
        }
        double mean = sum / (BLOCKS_X * BLOCKS_Y);
        assertTrue(mean < 0.02, "the band shows the still: mean block difference " + mean + " (worst " + worst + ")");
        // Above the band: the overlay darkens it.
        int above = fx(() -> overlayAlpha(h, vw / 2, top / 2));
        assertTrue(above > 60, "outside the still's frame is darkened: overlay alpha " + above);
        int inside = fx(() -> overlayAlpha(h, vw / 4, vh / 2));
        assertTrue(inside < 10, "inside it is not: overlay alpha " + inside);
    }

    private static int overlayAlpha(StudioHarness h, double x, double y) {
        return OverlayPixels.snapshot(h.window.viewport).getPixelReader().getArgb((int) x, (int) y) >>> 24;
    }

    /** Mean linear luminance of block (bx, by) of the still. */
    private static double blockMean(BufferedImage img, int bx, int by) {
        int bw = img.getWidth() / BLOCKS_X, bh = img.getHeight() / BLOCKS_Y;
        double sum = 0;
        for (int y = by * bh; y < (by + 1) * bh; y++) {
            for (int x = bx * bw; x < (bx + 1) * bw; x++) {
                int p = img.getRGB(x, y);
                sum += 0.2126 * lin(p >> 16) + 0.7152 * lin(p >> 8) + 0.0722 * lin(p);
            }
        }
        return sum / (bw * bh);
    }

    /** Mean linear luminance of the viewport pixels whose centres lie in the rectangle. */
    private static double blockMean(StudioHarness.Pixels view, double x0, double y0, double w, double h) {
        double sum = 0;
        int n = 0;
        for (int y = (int) Math.ceil(y0 - 0.5); y + 0.5 < y0 + h; y++) {
            for (int x = (int) Math.ceil(x0 - 0.5); x + 0.5 < x0 + w; x++) {
                if (x < 0 || y < 0 || x >= view.width() || y >= view.height()) continue;
                sum += view.at(x, y);
                n++;
            }
        }
        return sum / Math.max(1, n);
    }

    private static double lin(int c) {
        return org.drtstudio.render.ToneMapper.fromSrgb8(c & 255);
    }
}
