package org.drtstudio.accel.voxel;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/** The closed-form flux-density table against rays shot through boxes (Monte Carlo, fixed seed). */
class FluxDensityTest {
    private static final double[][] BOXES = {{1, 1, 1}, {3, 1, 7}, {0.25, 5, 2}, {40, 1, 1}, {1, 2, 60}};

    /** Fractions of {@code n} rays entering face {@code entry} (uniform position, cosine direction) that leave through each face. */
    private static double[] shoot(double[] e, int entry, int n, SplittableRandom random) {
        int axis = entry / 2, u = (axis + 1) % 3, v = (axis + 2) % 3;
        boolean up = (entry & 1) == 1; // entering through the high face, travelling down the axis
        double[] counts = new double[6], p = new double[3], d = new double[3];
        for (int r = 0; r < n; r++) {
            p[axis] = up ? e[axis] : 0;
            p[u] = random.nextDouble() * e[u];
            p[v] = random.nextDouble() * e[v];
            double a = random.nextDouble(), phi = 2 * Math.PI * random.nextDouble(), radius = Math.sqrt(a);
            d[u] = radius * Math.cos(phi);
            d[v] = radius * Math.sin(phi);
            d[axis] = (up ? -1 : 1) * Math.sqrt(1 - a);
            int exit = -1;
            double nearest = Double.POSITIVE_INFINITY;
            for (int k = 0; k < 3; k++) {
                if (d[k] == 0) continue;
                double t = ((d[k] > 0 ? e[k] : 0) - p[k]) / d[k];
                if (t < nearest) {
                    nearest = t;
                    exit = 2 * k + (d[k] > 0 ? 1 : 0);
                }
            }
            counts[exit]++;
        }
        for (int f = 0; f < 6; f++) counts[f] /= n;
        return counts;
    }

    @Test
    void fractionsMatchRaysShotThroughTheBox() {
        SplittableRandom random = new SplittableRandom(42);
        int n = 200_000;
        for (double[] box : BOXES) {
            double[][] table = FluxDensity.of(box[0], box[1], box[2]);
            for (int entry = 0; entry < 6; entry++) {
                double[] measured = shoot(box, entry, n, random);
                for (int exit = 0; exit < 6; exit++) {
                    double expected = table[entry][exit];
                    // Five standard deviations of a binomial share (and a floor for shares near 0).
                    double sigma = Math.sqrt(Math.max(expected * (1 - expected), 1e-4) / n);
                    assertEquals(expected, measured[exit], 5 * sigma, "box " + box[0] + "×" + box[1] + "×" + box[2]
                            + ", entering face " + entry + ", leaving face " + exit);
                }
            }
        }
    }

    @Test
    void rowsSumToOneAndOnlyProportionsMatter() {
        for (double[] box : BOXES) {
            double[][] table = FluxDensity.of(box[0], box[1], box[2]);
            double[][] scaled = FluxDensity.of(3.5 * box[0], 3.5 * box[1], 3.5 * box[2]);
            for (int entry = 0; entry < 6; entry++) {
                double sum = 0;
                for (int exit = 0; exit < 6; exit++) {
                    sum += table[entry][exit];
                    assertTrue(table[entry][exit] >= 0);
                    assertEquals(table[entry][exit], scaled[entry][exit], 1e-12);
                }
                assertEquals(0, table[entry][entry]);
                assertEquals(1, sum, 1e-9, "row " + entry + " of " + box[0] + "×" + box[1] + "×" + box[2]);
            }
        }
    }

    @Test
    void aCubesOppositeFaceReceivesTheKnownShare() {
        // The view factor between opposite faces of a cube is 0.1998 (Howell, C-11 at X = Y = 1).
        assertEquals(0.19982, FluxDensity.of(1, 1, 1)[0][1], 1e-5);
        assertEquals(0.20004, FluxDensity.of(1, 1, 1)[0][2], 1e-5);
    }
}
