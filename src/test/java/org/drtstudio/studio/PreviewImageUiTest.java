package org.drtstudio.studio;

import javafx.scene.image.WritableImage;
import org.drtstudio.studio.viewport.PreviewImage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The preview's BGRA bytes reach the screen as the colours they name, whatever pixel format carries them. */
class PreviewImageUiTest {
    @Test
    void bgraBytesShowAsTheirColoursAndTheImageIsKeptWhileItsSizeIs() throws Exception {
        StudioHarness.assumeDisplay();
        FxToolkit.registerPrimaryStage();
        int[] argb = {0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFF102030, 0x80400000, 0x00000000};
        StudioHarness.fx(() -> {
            PreviewImage picture = new PreviewImage();
            assertTrue(picture.show(bgra(argb, 2), 3, 2), "the first frame makes an image");
            WritableImage first = picture.image();
            assertPixels(argb, first, 3, 2);
            int[] next = {0xFF000000, 0xFFFFFFFF, 0xFF808080, 0xFF010203, 0xFFFF00FF, 0xFF00FFFF};
            assertFalse(picture.show(bgra(next, 0), 3, 2), "a frame of the same size reuses the image");
            assertSame(first, picture.image());
            assertPixels(next, first, 3, 2);
            assertTrue(picture.show(bgra(argb, 0), 2, 3), "a frame of another size makes a new image");
            assertNotSame(first, picture.image());
            assertPixels(argb, picture.image(), 2, 3);
            return null;
        });
    }

    /** Premultiplied BGRA bytes of {@code argb}, followed by {@code spare} unused pixels (a reused, larger array). */
    private static byte[] bgra(int[] argb, int spare) {
        byte[] b = new byte[4 * (argb.length + spare)];
        for (int i = 0; i < argb.length; i++) {
            int p = argb[i];
            b[4 * i] = (byte) p;
            b[4 * i + 1] = (byte) (p >> 8);
            b[4 * i + 2] = (byte) (p >> 16);
            b[4 * i + 3] = (byte) (p >>> 24);
        }
        return b;
    }

    private static void assertPixels(int[] premultipliedArgb, WritableImage image, int w, int h) {
        assertEquals(w, (int) image.getWidth());
        assertEquals(h, (int) image.getHeight());
        var pre = javafx.scene.image.PixelFormat.getIntArgbPreInstance();
        int[] read = new int[w * h];
        image.getPixelReader().getPixels(0, 0, w, h, pre, read, 0, w);
        for (int i = 0; i < w * h; i++)
            assertEquals(Integer.toHexString(premultipliedArgb[i]), Integer.toHexString(read[i]), "pixel " + i);
    }
}
