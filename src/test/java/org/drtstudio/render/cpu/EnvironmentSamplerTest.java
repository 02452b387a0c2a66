package org.drtstudio.render.cpu;

import org.drtstudio.accel.EnvironmentMap;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.ProceduralSky;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The map's draw and lookup agree: a drawn direction looked up again gives the same texel (radiance
 * and density); directions fall on texels as often as their densities say; and the density per
 * steradian integrates to 1 over the sphere, so the MIS weights of the two draws are comparable.
 */
class EnvironmentSamplerTest {
    private final EnvironmentMap map = EnvironmentMap.of(new ProceduralSky(64, 40f, 70f, 6f, 300f).image(),
            new Environment("sky", 33f, 1.5f));

    @Test
    void aDrawnDirectionLooksUpItsOwnTexel() {
        EnvironmentSampler s = new EnvironmentSampler(map), l = new EnvironmentSampler(map);
        SplittableRandom rnd = new SplittableRandom(5);
        int compared = 0;
        for (int i = 0; i < 20000; i++) {
            s.sample((float) rnd.nextDouble(), (float) rnd.nextDouble());
            if (!(s.pdf > 0f)) continue;
            float len = (float) Math.sqrt(s.direction[0] * s.direction[0] + s.direction[1] * s.direction[1] + s.direction[2] * s.direction[2]);
            assertEquals(1f, len, 1e-5f, "a unit direction");
            l.lookup(s.direction[0], s.direction[1], s.direction[2]);
            // At a texel's very edge the lookup's rounding may pick its neighbour: compare away from edges by value.
            if (Math.abs(l.pdf - s.pdf) > 1e-3f * s.pdf) continue;
            assertArrayEquals(s.radiance, l.radiance, 1e-6f);
            compared++;
        }
        assertTrue(compared > 19000, "the lookup found the drawn texel for " + compared + " of 20000 draws");
    }

    @Test
    void theDensityIntegratesToOneOverTheSphere() {
        EnvironmentSampler l = new EnvironmentSampler(map);
        // A midpoint rule eight times finer than the texels: ∫ p dω = ∫∫ p sin θ dθ dφ.
        int nt = 8 * map.height(), np = 8 * map.width();
        double sum = 0;
        for (int i = 0; i < nt; i++) {
            double theta = Math.PI * (i + 0.5) / nt;
            for (int j = 0; j < np; j++) {
                double phi = 2 * Math.PI * (j + 0.5) / np;
                l.lookup((float) (Math.sin(theta) * Math.sin(phi)), (float) Math.cos(theta), (float) (Math.sin(theta) * Math.cos(phi)));
                sum += l.pdf * Math.sin(theta) * (Math.PI / nt) * (2 * Math.PI / np);
            }
        }
        assertEquals(1.0, sum, 0.02);
    }

    @Test
    void drawsFollowTheDensities() {
        int w = map.width(), h = map.height();
        double[] expected = new double[w * h];
        for (int t = 0; t < w * h; t++) expected[t] = map.data()[4 * t + 3] / (w * h);
        long[] counts = new long[w * h];
        SplittableRandom rnd = new SplittableRandom(11);
        int n = 300_000;
        EnvironmentSampler unturned = new EnvironmentSampler(map.withPlacement(Environment.of("sky")));
        for (int i = 0; i < n; i++) {
            unturned.sample((float) rnd.nextDouble(), (float) rnd.nextDouble());
            float[] dir = unturned.direction;
            // The texel: from the unturned direction, as the map lays texels out.
            double u = 0.5 + Math.atan2(dir[0], dir[2]) / (2 * Math.PI), theta = Math.acos(Math.max(-1, Math.min(1, dir[1])));
            int col = Math.min(w - 1, (int) (u * w)), row = Math.min(h - 1, (int) (theta / Math.PI * h));
            counts[row * w + col]++;
        }
        // Bright texels (at least 1 % of the draws) are drawn within 5 % of their share.
        int checked = 0;
        for (int t = 0; t < w * h; t++) {
            if (expected[t] < 0.01) continue;
            assertEquals(expected[t], (double) counts[t] / n, 0.05 * expected[t], "texel " + t);
            checked++;
        }
        assertTrue(checked > 0);
    }
}
