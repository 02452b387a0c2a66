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
        return floats(texture, bandBytes, 0, texture.height());
    }

    /** As {@link #floats(Texture2D, long)}, only rows {@code y0 .. y0 + rows - 1} read; the others are 0. */
    static float[] floats(Texture2D texture, long bandBytes, int y0, int rows) {
        float[] out = new float[checkedLength(texture, Float.BYTES)];
        read(texture, bandBytes, y0, rows, (band, offset) -> band.asFloatBuffer().get(out, (int) (offset / Float.BYTES), band.remaining() / Float.BYTES));
        return out;
    }

    /** The texture's bytes (RGBA8: R, G, B, A per texel), rows from y = 0 up. */
    static byte[] bytes(Texture2D texture, long bandBytes) {
        return bytes(texture, bandBytes, 0, texture.height());
    }

    /** As {@link #bytes(Texture2D, long)}, only rows {@code y0 .. y0 + rows - 1} read; the others are 0. */
    static byte[] bytes(Texture2D texture, long bandBytes, int y0, int rows) {
        byte[] out = new byte[checkedLength(texture, 1)];
        read(texture, bandBytes, y0, rows, (band, offset) -> band.get(out, (int) offset, band.remaining()));
        return out;
    }

    private interface BandSink {
        /** Takes one band's bytes ({@code band}, positioned at 0) that start at byte {@code offset} of the image; the
         * element index {@code offset / elementBytes} fits an int, as {@link #checkedLength} made sure. */
        void accept(ByteBuffer band, long offset);
    }

    private static void read(Texture2D texture, long bandBytes, int y0, int count, BandSink sink) {
        if (y0 < 0 || count < 0 || y0 + count > texture.height()) {
            throw new IllegalArgumentException("rows " + y0 + " + " + count + " of a texture " + texture.height() + " high");
        }
        if (count == 0) return;
        long rowBytes = (long) texture.width() * texture.format().bytesPerTexel();
        int rowsPerBand = (int) Math.max(1, Math.min(count, bandBytes / rowBytes));
        ByteBuffer band = ByteBuffer.allocateDirect(Math.toIntExact(rowsPerBand * rowBytes)).order(ByteOrder.nativeOrder());
        try (PixelPackBuffer pbo = PixelPackBuffer.create(band.capacity())) {
            for (int y = y0; y < y0 + count; y += rowsPerBand) {
                int rows = Math.min(rowsPerBand, y0 + count - y);
                band.clear();
                pbo.startRows(texture, y, rows);
                pbo.finish(band);
                band.flip();
                sink.accept(band, y * rowBytes);
            }
        }
    }

    /** Elements ({@code elementBytes} each) of the whole texture, refused past what one Java array holds. */
    static int checkedLength(Texture2D texture, int elementBytes) {
        long elements = texture.sizeBytes() / elementBytes;
        if (elements > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a " + texture.width() + "x" + texture.height() + " " + texture.format()
                    + " image is too large to read back into one array (" + elements + " values)");
        }
        return (int) elements;
    }
}
