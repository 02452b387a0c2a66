package org.drtstudio.accel;

import org.drtstudio.scene.Environment;
import org.drtstudio.scene.ProceduralSky;
import org.drtstudio.scene.TextureImage;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The packed environment map: its tables are distributions, hostile values are tamed, placement shares the arrays. */
class EnvironmentMapTest {
    @Test
    void theTablesAreDistributionsAndTheDensitiesAverageOne() {
        EnvironmentMap map = EnvironmentMap.of(new ProceduralSky(64, 30f, 0f, 5f, 500f).image(), Environment.of("sky"));
        assertDistributions(map);
    }

    @Test
    void hostileValuesAreClampedAndABlackMapIsDrawnUniformly() {
        float[] rgb = {Float.NaN, Float.POSITIVE_INFINITY, -5f, 1e38f, 0f, Float.NEGATIVE_INFINITY, 0, 0, 0, 0, 0, 0};
        EnvironmentMap map = EnvironmentMap.of(new TextureImage(2, 2, rgb), Environment.of("sky"));
        for (int t = 0; t < 4; t++) {
            for (int c = 0; c < 3; c++) {
                float v = map.data()[4 * t + c];
                assertTrue(v >= 0f && v <= EnvironmentMap.MAX_VALUE, "texel " + t + " channel " + c + ": " + v);
            }
        }
        assertDistributions(map);
        EnvironmentMap black = EnvironmentMap.of(new TextureImage(4, 2, new float[24]), Environment.of("sky"));
        for (int t = 0; t < 8; t++) assertEquals(1f, black.data()[4 * t + 3], 1e-6f, "uniform density");
        assertDistributions(black);
    }

    @Test
    void aUniformSkyIsDrawnByLuminanceAndASunByWhatStandsOut() {
        // Nothing above the mean: plain luminance times sin θ, so every texel of a row is equally likely.
        EnvironmentMap uniform = EnvironmentMap.of(new TextureImage(4, 2, filled(8, 0.5f)), Environment.of("sky"));
        assertEquals(uniform.data()[3], uniform.data()[7], 0f);
        assertTrue(uniform.data()[3] > 0f);
        // A sun on an even sky: the sky's texels, below the mean, are never drawn by the map.
        float[] rgb = filled(8 * 4, 0.5f);
        rgb[3 * 9] = rgb[3 * 9 + 1] = rgb[3 * 9 + 2] = 1000f;
        EnvironmentMap sunny = EnvironmentMap.of(new TextureImage(8, 4, rgb), Environment.of("sky"));
        int drawable = 0;
        for (int t = 0; t < 32; t++) if (sunny.data()[4 * t + 3] > 0f) drawable++;
        assertEquals(1, drawable, "only the sun is drawn by the map");
        assertDistributions(sunny);
    }

    @Test
    void placementSharesTheTables() {
        EnvironmentMap map = EnvironmentMap.of(new TextureImage(4, 2, filled(8, 1f)), Environment.of("sky"));
        EnvironmentMap turned = map.withPlacement(new Environment("sky", 90f, 2f));
        assertSame(map.data(), turned.data());
        assertEquals(1f, turned.sinYaw(), 1e-6f);
        assertEquals(0f, turned.cosYaw(), 1e-6f);
        assertEquals(2f, turned.strength());
    }

    private static float[] filled(int texels, float v) {
        float[] rgb = new float[3 * texels];
        java.util.Arrays.fill(rgb, v);
        return rgb;
    }

    /** Cumulative tables from 0 to 1, never falling; the densities over the unit square average 1. */
    static void assertDistributions(EnvironmentMap map) {
        int w = map.width(), h = map.height();
        float[] d = map.data();
        assertEquals(0f, d[map.marginalOffset()]);
        assertEquals(1f, d[map.marginalOffset() + h]);
        for (int r = 0; r < h; r++) {
            assertTrue(d[map.marginalOffset() + r + 1] >= d[map.marginalOffset() + r], "rows' table falls at " + r);
            int row = map.conditionalOffset() + r * map.rowStride();
            assertEquals(0f, d[row]);
            assertEquals(1f, d[row + w]);
            for (int c = 0; c < w; c++) assertTrue(d[row + c + 1] >= d[row + c], "row " + r + "'s table falls at " + c);
        }
        double sum = 0;
        for (int t = 0; t < w * h; t++) {
            assertTrue(d[4 * t + 3] >= 0f && Float.isFinite(d[4 * t + 3]));
            sum += d[4 * t + 3];
        }
        assertEquals(1.0, sum / (w * h), 1e-4, "densities over the unit square average 1");
    }
}
