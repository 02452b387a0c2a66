package org.drtstudio.io.image;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How large a texture may be decoded: the arithmetic of {@link TextureLoader}'s memory budget,
 * apart so that it can be checked without pictures. All of it in 64 bits: a header may claim any
 * size up to 2^31 - 1 on a side, and a product or rounding in int would wrap (a 2147483647x3 PNG
 * once came out as -1073741824x2 and "fitted").
 */
final class TextureBudget {
    private TextureBudget() {
    }

    /**
     * Picks the subsampling step for a {@code w}×{@code h} picture and takes its texels from
     * {@code left}: 1 when it fits whole, the smallest step that fits both {@code maxTexels} and
     * what is left, or -1 (nothing taken) when even {@code maxStep} does not fit.
     */
    static int step(int w, int h, long maxTexels, int maxStep, AtomicLong left, long budget) {
        if (w <= 0 || h <= 0) return -1;
        for (int step = 1; step <= maxStep; step++) {
            long texels = reduced(w, step) * reduced(h, step);
            if (texels > maxTexels) continue;
            while (true) {
                long now = left.get();
                if (texels > now) break;
                if (left.compareAndSet(now, now - texels)) return step;
            }
        }
        return -1;
    }

    /** Texels along a side read with {@code step}: every step-th, starting with the first. */
    static long reduced(int side, int step) {
        return ((long) side + step - 1) / step;
    }

    /** Why a picture is refused, with what to do. */
    static String refusal(int w, int h, long maxTexels, int maxStep, long left, long budget) {
        if (w <= 0 || h <= 0) return "the picture says it is " + w + "x" + h;
        long smallest = reduced(w, maxStep) * reduced(h, maxStep);
        if (smallest > maxTexels) {
            return "picture is " + w + "x" + h + ", too large to use even at 1/" + maxStep + " of its size";
        }
        return "picture is " + w + "x" + h + " and the texture memory budget (" + mib(budget) + " MiB, "
                + mib(Math.max(0, left)) + " MiB left) is spent; give Java more memory (JAVA_OPTS=-Xmx8g) or use smaller textures";
    }

    private static long mib(long texels) {
        return texels * TextureLoader.BYTES_PER_TEXEL >> 20;
    }
}
