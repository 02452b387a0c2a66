package org.drtstudio.render;

/**
 * Linear radiance to 8-bit sRGB: clamp to [0, 1], then the sRGB transfer curve. The GLSL resolve
 * pass ({@code shaders/tonemap.glsl}) computes the same formula.
 */
public final class ToneMapper {
    private ToneMapper() {
    }

    public static int toSrgb8(float linear) {
        float c = Math.min(Math.max(linear, 0f), 1f);
        if (Float.isNaN(linear)) c = 0f;
        float s = c <= 0.0031308f ? 12.92f * c : (float) (1.055 * Math.pow(c, 1 / 2.4) - 0.055);
        return (int) (s * 255f + 0.5f);
    }

    /** Inverse of {@link #toSrgb8}'s curve, for tests that read radiance back from an 8-bit image. */
    public static float fromSrgb8(int value) {
        float s = value / 255f;
        return s <= 0.04045f ? s / 12.92f : (float) Math.pow((s + 0.055) / 1.055, 2.4);
    }

    public static byte[] toSrgb(float[] rgb, int pixels) {
        byte[] out = new byte[4 * pixels];
        for (int i = 0; i < pixels; i++) {
            out[4 * i] = (byte) toSrgb8(rgb[3 * i]);
            out[4 * i + 1] = (byte) toSrgb8(rgb[3 * i + 1]);
            out[4 * i + 2] = (byte) toSrgb8(rgb[3 * i + 2]);
            out[4 * i + 3] = (byte) 255;
        }
        return out;
    }
}
