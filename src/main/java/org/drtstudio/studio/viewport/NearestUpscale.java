package org.drtstudio.studio.viewport;

/**
 * A coarse preview frame enlarged to the view's pixels by repeating its pixels (as the view's
 * ImageView showed it, unsmoothed). JavaFX's software pipeline (Xvfb, machines without GL) draws
 * an image scaled to the view pixel by pixel on its render thread, which the FX thread waits for:
 * with a 1.1M-triangle model dragged in a 1346×972 view that drawing was most of the render
 * thread's time and of the FX thread's 83–110 ms stalls; an image of the view's own size is copied.
 */
final class NearestUpscale {
    private byte[] out = new byte[0];

    /** {@code bgra} ({@code w × h}, 4 bytes a pixel) at {@code tw × th}; the array is reused by the next call. */
    byte[] of(byte[] bgra, int w, int h, int tw, int th) {
        int bytes = 4 * tw * th;
        if (out.length != bytes) out = new byte[bytes];
        int[] sourceX = new int[tw];
        for (int x = 0; x < tw; x++) sourceX[x] = 4 * Math.min(w - 1, (int) ((long) x * w / tw));
        int previousRow = -1;
        for (int y = 0; y < th; y++) {
            int sy = Math.min(h - 1, (int) ((long) y * h / th)), to = 4 * tw * y;
            if (sy == previousRow) {
                System.arraycopy(out, to - 4 * tw, out, to, 4 * tw); // the row above, made from the same source row
                continue;
            }
            previousRow = sy;
            int from = 4 * w * sy;
            for (int x = 0; x < tw; x++) {
                int s = from + sourceX[x], d = to + 4 * x;
                out[d] = bgra[s];
                out[d + 1] = bgra[s + 1];
                out[d + 2] = bgra[s + 2];
                out[d + 3] = bgra[s + 3];
            }
        }
        return out;
    }
}
