package org.drtstudio.accel.voxel;

/**
 * The flux-density table of a box: of the rays that cross one face into the box, uniformly
 * distributed over the face and cosine-distributed in direction (the flux of a uniform radiance
 * field), the fraction that leaves through each face. These are the radiometric view factors
 * between the box's faces, in closed form (Howell's catalogue, configurations C-11 "directly
 * opposed parallel rectangles" and C-14 "perpendicular rectangles with a common edge").
 *
 * <p>Edwards' article (Reanimator, 2014) weighs each candidate div by such a table, read by the
 * box's proportions. The article's text could not be found for this program (issue 42 describes
 * the heuristic); the table here is derived, not copied, and checked against Monte Carlo in
 * {@code FluxDensityTest}. Only proportions matter: the fractions of a box (a, b, c) equal those of
 * (ka, kb, kc).
 */
public final class FluxDensity {
    private FluxDensity() {
    }

    /**
     * Fractions for a box of extents (ex, ey, ez): {@code [entry][exit]}, faces numbered −x, +x,
     * −y, +y, −z, +z (the portal layout's order). Each row sums to 1 and its entry face's own
     * fraction is 0.
     */
    public static double[][] of(double ex, double ey, double ez) {
        double[] e = {ex, ey, ez};
        double[][] f = new double[6][6];
        for (int entry = 0; entry < 6; entry++) {
            int axis = entry / 2;
            double depth = e[axis];
            for (int exit = 0; exit < 6; exit++) {
                int exitAxis = exit / 2;
                if (exit == entry) continue;
                if (exitAxis == axis) {
                    f[entry][exit] = opposed(e[(axis + 1) % 3], e[(axis + 2) % 3], depth);
                } else {
                    // The common edge runs along the third axis; the entry face's other side is along exitAxis.
                    int common = 3 - axis - exitAxis;
                    f[entry][exit] = perpendicular(e[common], e[exitAxis], depth);
                }
            }
        }
        return f;
    }

    /** View factor between directly opposed parallel a × b rectangles a distance c apart. */
    static double opposed(double a, double b, double c) {
        double x = a / c, y = b / c, x2 = x * x, y2 = y * y;
        double sum = 0.5 * Math.log((1 + x2) * (1 + y2) / (1 + x2 + y2))
                + x * Math.sqrt(1 + y2) * Math.atan(x / Math.sqrt(1 + y2))
                + y * Math.sqrt(1 + x2) * Math.atan(y / Math.sqrt(1 + x2))
                - x * Math.atan(x) - y * Math.atan(y);
        return 2 / (Math.PI * x * y) * sum;
    }

    /**
     * View factor from a rectangle (common edge {@code l} × width {@code w}) to the perpendicular
     * one sharing that edge, of height {@code h}.
     */
    static double perpendicular(double l, double w, double h) {
        double hh = h / l, ww = w / l, h2 = hh * hh, w2 = ww * ww, s = Math.sqrt(h2 + w2);
        double logTerm = Math.log((1 + w2) * (1 + h2) / (1 + w2 + h2))
                + w2 * Math.log(w2 * (1 + w2 + h2) / ((1 + w2) * (w2 + h2)))
                + h2 * Math.log(h2 * (1 + h2 + w2) / ((1 + h2) * (h2 + w2)));
        double sum = ww * Math.atan(1 / ww) + hh * Math.atan(1 / hh) - s * Math.atan(1 / s) + 0.25 * logTerm;
        return sum / (Math.PI * ww);
    }
}
