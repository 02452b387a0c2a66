package org.drtstudio.render.gl;

/**
 * Per-pixel comparison of two depth AOVs: the fraction of pixels that agree (both miss, or both
 * hit within a relative tolerance), and how many hit/miss disagreements lie away from a silhouette
 * (a pixel whose 8 neighbours all share its hit state in the reference is not on one).
 */
record DepthComparison(int pixels, int agreeing, int maskMismatches, int maskMismatchesOffSilhouette, double worstRelative) {

    double agreeingFraction() {
        return (double) agreeing / pixels;
    }

    static DepthComparison of(float[] test, float[] reference, int w, int h, double relativeTolerance) {
        int agree = 0, mismatches = 0, offSilhouette = 0;
        double worst = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                boolean hitT = Float.isFinite(test[i]), hitR = Float.isFinite(reference[i]);
                if (hitT != hitR) {
                    mismatches++;
                    if (!onSilhouette(reference, w, h, x, y)) offSilhouette++;
                    continue;
                }
                if (!hitT) {
                    agree++;
                    continue;
                }
                double rel = Math.abs(test[i] - reference[i]) / Math.max(Math.abs(reference[i]), 1e-30);
                worst = Math.max(worst, rel);
                if (rel <= relativeTolerance) agree++;
            }
        }
        return new DepthComparison(w * h, agree, mismatches, offSilhouette, worst);
    }

    private static boolean onSilhouette(float[] depth, int w, int h, int x, int y) {
        boolean hit = Float.isFinite(depth[y * w + x]);
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy;
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                if (Float.isFinite(depth[ny * w + nx]) != hit) return true;
            }
        }
        return false;
    }
}
