package org.drtstudio.studio.preview;

/**
 * A traced picture made into the screen's pixels on the preview thread: RGBA turned into the BGRA
 * JavaFX wants and, for a coarse stage, enlarged to the view's size by repeating its pixels (as an
 * unsmoothed ImageView would show it).
 *
 * <p>Why here and not on screen: JavaFX's software pipeline (Xvfb, machines without GL) draws an
 * image scaled to the view pixel by pixel on its render thread, which the FX thread waits for, so a
 * coarse stage is enlarged before it is shown. Done on the FX thread, that enlargement was its
 * longest stall while dragging a 1.1M-triangle model in a maximised 1346×972 view (35–58 ms, still
 * interpreted or waiting for the compiler on a loaded 2-core machine; about 1 ms once compiled).
 */
final class ScreenPixels {
    private ScreenPixels() {
    }

    /** {@code rgba} ({@code w × h}) as BGRA at {@code tw × th}, each target pixel taking the source pixel it lies in; alpha 255. */
    static byte[] bgra(byte[] rgba, int w, int h, int tw, int th) {
        byte[] out = new byte[4 * tw * th];
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
                out[d] = rgba[s + 2];
                out[d + 1] = rgba[s + 1];
                out[d + 2] = rgba[s];
                out[d + 3] = (byte) 255;
            }
        }
        return out;
    }
}
