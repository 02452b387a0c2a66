package org.drtstudio.render;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The view transform: exposure in stops, the standard clamp as before, AgX rolling highlights off. */
class ViewTransformTest {
    private static int[] srgb(ViewTransform t, float r, float g, float b) {
        byte[] out = t.toSrgb(new float[] {r, g, b}, 1);
        return new int[] {out[0] & 0xff, out[1] & 0xff, out[2] & 0xff};
    }

    @Test
    void theDefaultIsTheTracersOwnPicture() {
        float[] rgb = {0f, 0.18f, 0.5f, 1f, 2f, Float.NaN, -1f, 0.001f, 1e30f};
        assertArrayEquals(ToneMapper.toSrgb(rgb, 3), ViewTransform.DEFAULT.toSrgb(rgb, 3));
    }

    @Test
    void aLargePictureMapsEachPixelAsAlone() {
        // Over several tasks' rows (the last one short): every pixel as the one-pixel call maps it.
        int pixels = 200_003;
        float[] rgb = new float[3 * pixels];
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        for (int i = 0; i < rgb.length; i++) rgb[i] = (float) (r.nextDouble() * r.nextDouble() * 20);
        for (ViewTransform t : new ViewTransform[]{new ViewTransform(0.5f, ViewTransform.View.AGX), new ViewTransform(-1f, ViewTransform.View.STANDARD)}) {
            byte[] picture = t.toSrgb(rgb, pixels);
            for (int p = 0; p < pixels; p += 7) {
                byte[] alone = t.toSrgb(new float[]{rgb[3 * p], rgb[3 * p + 1], rgb[3 * p + 2]}, 1);
                for (int c = 0; c < 4; c++) assertEquals(alone[c], picture[4 * p + c], t.describe() + ", pixel " + p);
            }
        }
    }

    @Test
    void oneStopDoublesTheRadianceBeforeTheClamp() {
        ViewTransform plusOne = new ViewTransform(1f, ViewTransform.View.STANDARD);
        assertArrayEquals(srgb(ViewTransform.DEFAULT, 0.5f, 0.2f, 0.05f), srgb(plusOne, 0.25f, 0.1f, 0.025f));
        ViewTransform minusTwo = new ViewTransform(-2f, ViewTransform.View.STANDARD);
        assertArrayEquals(srgb(ViewTransform.DEFAULT, 0.5f, 0.5f, 0.5f), srgb(minusTwo, 2f, 2f, 2f), "a light 4 times white, 2 stops down");
    }

    @Test
    void agxRollsHighlightsOffWhereTheStandardViewClips() {
        ViewTransform agx = new ViewTransform(0f, ViewTransform.View.AGX);
        int previous = -1;
        for (float v : new float[] {0.001f, 0.01f, 0.05f, 0.18f, 0.5f, 1f, 2f, 4f, 8f, 16f}) {
            int grey = srgb(agx, v, v, v)[0];
            assertTrue(grey > previous, "a grey ramp stays in order: " + v + " -> " + grey + " after " + previous);
            previous = grey;
        }
        assertTrue(srgb(agx, 16f, 16f, 16f)[0] < 255, "16 times white is not yet white");
        assertEquals(255, srgb(ViewTransform.DEFAULT, 2f, 2f, 2f)[0], "where the standard view has clipped at twice white");
        int mid = srgb(agx, 0.18f, 0.18f, 0.18f)[0];
        assertTrue(mid > 90 && mid < 150, "middle grey sits mid-way: " + mid);
        assertEquals(0, srgb(agx, 0f, 0f, 0f)[0], "black stays black");
        // a bright saturated light loses saturation as film does, instead of clipping to pure red
        int[] red = srgb(agx, 50f, 0f, 0f);
        assertEquals(255, srgb(ViewTransform.DEFAULT, 50f, 0f, 0f)[0]);
        assertEquals(0, srgb(ViewTransform.DEFAULT, 50f, 0f, 0f)[1]);
        assertTrue(red[0] > 200 && red[1] > 40 && red[2] > 40, "a bright red light goes toward white: " + java.util.Arrays.toString(red));
    }

    @Test
    void viewsAreNamedAndExposuresBounded() {
        assertEquals(ViewTransform.View.AGX, ViewTransform.View.named("filmic"));
        assertEquals(ViewTransform.View.STANDARD, ViewTransform.View.named("Standard"));
        assertNull(ViewTransform.View.named("aces"));
        assertThrows(IllegalArgumentException.class, () -> new ViewTransform(Float.NaN, ViewTransform.View.AGX));
        assertThrows(IllegalArgumentException.class, () -> new ViewTransform(100f, ViewTransform.View.AGX));
    }
}
