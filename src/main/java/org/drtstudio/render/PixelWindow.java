package org.drtstudio.render;

/**
 * A rectangle of a frame's pixels: a tile of a large still rendered on its own (by a render farm's
 * task) with the whole frame's camera and per-pixel seeds, so tiles put side by side are the whole
 * frame bit for bit. x to the right, y down from the top row, like {@link Frame}.
 */
public record PixelWindow(int x, int y, int width, int height) {

    public PixelWindow {
        if (x < 0 || y < 0 || width < 1 || height < 1) {
            throw new IllegalArgumentException("a pixel window needs x, y >= 0 and width, height >= 1, got " + this);
        }
    }

    /** The whole frame of {@code width} × {@code height} pixels. */
    public static PixelWindow whole(int width, int height) {
        return new PixelWindow(0, 0, width, height);
    }

    /** Whether the window lies inside a frame of {@code frameWidth} × {@code frameHeight}. */
    public boolean fitsIn(int frameWidth, int frameHeight) {
        return (long) x + width <= frameWidth && (long) y + height <= frameHeight;
    }

    public int pixels() {
        return width * height;
    }

    /** The window's pixels of a whole frame, every picture and AOV it holds. */
    public Frame crop(Frame whole) {
        if (!fitsIn(whole.width(), whole.height())) {
            throw new IllegalArgumentException(this + " does not fit in a " + whole.width() + "x" + whole.height() + " frame");
        }
        return new Frame(width, height, cropBytes(whole.srgb(), whole.width(), 4), crop(whole.radiance(), whole.width(), 3),
                crop(whole.depth(), whole.width(), 1), crop(whole.normals(), whole.width(), 3), crop(whole.albedo(), whole.width(), 3),
                crop(whole.variance(), whole.width(), 1), crop(whole.samples(), whole.width(), 1),
                whole.split() == null ? null : whole.split().crop(this, whole.width()), whole.errors(), whole.uploadedBytes(),
                crop(whole.denoised(), whole.width(), 3));
    }

    float[] crop(float[] data, int frameWidth, int channels) {
        if (data == null) return null;
        float[] out = new float[pixels() * channels];
        for (int row = 0; row < height; row++) {
            System.arraycopy(data, ((y + row) * frameWidth + x) * channels, out, row * width * channels, width * channels);
        }
        return out;
    }

    private byte[] cropBytes(byte[] data, int frameWidth, int channels) {
        if (data == null) return null;
        byte[] out = new byte[pixels() * channels];
        for (int row = 0; row < height; row++) {
            System.arraycopy(data, ((y + row) * frameWidth + x) * channels, out, row * width * channels, width * channels);
        }
        return out;
    }

    @Override
    public String toString() {
        return x + "," + y + "," + width + "," + height;
    }
}
