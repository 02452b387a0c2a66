package org.drtstudio.render.gl;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads a whole {@link Texture2D} back into a Java array, in bands of rows so that no single
 * buffer passes 2 GiB: the 16384² RGBA32F accumulation image of the largest allowed render is
 * 4 GiB, which a {@link ByteBuffer} (int-indexed) cannot hold, while its 1.07 G floats still fit a
 * {@code float[]}. One reusable pixel pack buffer of at most {@code bandBytes} carries each band.
 */
final class TextureReadback {
    /** Large enough that a 1080p image is one band, small enough to stay a modest driver buffer. */
    static final long DEFAULT_BAND_BYTES = 64L << 20;

    private TextureReadback() {
    }

    /** The texture's texels as floats (R32F: 1 per texel, RGBA32F: 4), rows from y = 0 up. */
    static float[] floats(Texture2D texture, long bandBytes) {
        float[] out = new float[checkedLength(texture, Float.BYTES)];
        read(texture, bandBytes, (band, offset) -> band.asFloatBuffer().get(out, (int) (offset / Float.BYTES), band.remaining() / Float.BYTES));
        return out;
    }

    /** The texture's bytes (RGBA8: R, G, B, A per texel), rows from y = 0 up. */
    static byte[] bytes(Texture2D texture, long bandBytes) {
        byte[] out = new byte[checkedLength(texture, 1)];
        read(texture, bandBytes, (band, offset) -> band.get(out, (int) offset, band.remaining()));
        return out;
    }

    private interface BandSink {
        /** Takes one band's bytes ({@code band}, positioned at 0) that start at byte {@code offset} of the image; the
         * element index {@code offset / elementBytes} fits an int, as {@link #checkedLength} made sure. */
        void accept(ByteBuffer band, long offset);
    }

    private static void read(Texture2D texture, long bandBytes, BandSink sink) {
        long rowBytes = (long) texture.width() * texture.format().bytesPerTexel();
        int rowsPerBand = (int) Math.max(1, Math.min(texture.height(), bandBytes / rowBytes));
        ByteBuffer band = ByteBuffer.allocateDirect(Math.toIntExact(rowsPerBand * rowBytes)).order(ByteOrder.nativeOrder());
        try (PixelPackBuffer pbo = PixelPackBuffer.create(band.capacity())) {
            for (int y = 0; y < texture.height(); y += rowsPerBand) {
                int rows = Math.min(rowsPerBand, texture.height() - y);
                band.clear();
                pbo.startRows(texture, y, rows);
                pbo.finish(band);
                band.flip();
                sink.accept(band, y * rowBytes);
            }
        }
    }

    private static int checkedLength(Texture2D texture, int elementBytes) {
        long elements = texture.sizeBytes() / elementBytes;
        if (elements > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a " + texture.width() + "x" + texture.height() + " " + texture.format()
                    + " image is too large to read back into one array (" + elements + " values)");
        }
        return (int) elements;
    }
}
