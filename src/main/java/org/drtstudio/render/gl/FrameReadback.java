package org.drtstudio.render.gl;

import org.drtstudio.render.PixelWindow;

import java.util.List;

/**
 * A pass's images read back into Java arrays, for one renderer on its GL thread: only the rows its
 * tiles cover (a GPU of several reads its own band, not the frame), through host memory mapped once
 * and copied out on every core ({@link StagedReadback}), or, where the GL lacks buffer storage,
 * through a pixel pack buffer ({@link TextureReadback}). The arrays are the whole texture's, rows
 * not read left 0: the caller keeps only its tiles' pixels.
 *
 * <p>Why: on an H200 (bunny_1m, 1080p, 16 spp, all effects) the 8 MB display image took 11.7-15 ms
 * through a pixel pack buffer mapped after each copy (about 0.6 GB/s), beside 68 ms of tracing,
 * and a GPU tracing half the frame read the whole frame back.
 */
final class FrameReadback implements AutoCloseable {
    /** Bytes of the mapped memory: a 1080p RGBA32F image comes back in three pieces. */
    static final int PIECE_BYTES = 16 << 20;

    private final int pieceBytes;
    private StagedReadback staged;
    /** Bytes of texels read back so far (tests: what a pass brought to the host). */
    private long bytesRead;

    FrameReadback() {
        this(PIECE_BYTES);
    }

    /** @param pieceBytes the mapped memory's size (tests make it small, so an image takes many pieces) */
    FrameReadback(int pieceBytes) {
        this.pieceBytes = pieceBytes;
    }

    /** Rows {@code first .. first + count - 1} of a frame. */
    record Rows(int first, int count) {
        Rows {
            if (first < 0 || count < 0) throw new IllegalArgumentException("rows " + first + " + " + count);
        }

        static Rows all(int height) {
            return new Rows(0, height);
        }

        /** Each tile's rows, or null when a tile is not a band of whole rows of a {@code width}-wide frame. */
        static List<Rows> bandsOf(List<PixelWindow> tiles, int width) {
            List<Rows> bands = new java.util.ArrayList<>();
            for (PixelWindow t : tiles) {
                if (t.x() != 0 || t.width() != width) return null;
                bands.add(new Rows(t.y(), t.height()));
            }
            return bands;
        }

        /** From the top of the highest tile to the bottom of the lowest; none when there is no tile. */
        static Rows of(List<PixelWindow> tiles) {
            if (tiles.isEmpty()) return new Rows(0, 0);
            int top = Integer.MAX_VALUE, bottom = 0;
            for (PixelWindow t : tiles) {
                top = Math.min(top, t.y());
                bottom = Math.max(bottom, t.y() + t.height());
            }
            return new Rows(top, bottom - top);
        }
    }

    /** The texture's floats (R32F: one a texel, RGBA32F: four) of {@code rows}, in an array of the whole texture. */
    float[] floats(Texture2D texture, int channels, Rows rows) {
        if (texture.format().bytesPerTexel() != channels * Float.BYTES) {
            throw new IllegalArgumentException(texture.format() + " does not hold " + channels + " floats per texel");
        }
        count(texture, rows);
        if (staged() == null) return TextureReadback.floats(texture, TextureReadback.DEFAULT_BAND_BYTES, rows.first, rows.count);
        float[] out = new float[TextureReadback.checkedLength(texture, Float.BYTES)];
        if (rows.count > 0) staged.readRows(texture, rows.first, rows.count, out);
        return out;
    }

    /** The bytes of an RGBA8 texture (R, G, B, A a texel) of {@code rows}, in an array of the whole texture. */
    byte[] bytes(Texture2D texture, Rows rows) {
        count(texture, rows);
        if (staged() == null) return TextureReadback.bytes(texture, TextureReadback.DEFAULT_BAND_BYTES, rows.first, rows.count);
        byte[] out = new byte[TextureReadback.checkedLength(texture, 1)];
        bytesInto(texture, List.of(rows), out);
        return out;
    }

    /**
     * The bytes of an RGBA8 texture's {@code rows} into {@code dest}, an array of the whole texture,
     * no other row written; false, nothing read, where the GL cannot map the read-back memory.
     */
    boolean bytesInto(Texture2D texture, List<Rows> rows, byte[] dest) {
        if (dest.length != TextureReadback.checkedLength(texture, 1)) {
            throw new IllegalArgumentException("an array of " + dest.length + " bytes for a " + texture.width() + "x" + texture.height() + " image");
        }
        if (staged() == null) return false;
        for (Rows r : rows) {
            if (r.count > 0) staged.readRows(texture, r.first, r.count, dest);
            count(texture, r);
        }
        return true;
    }

    /** Bytes of texels read back by this reader so far. */
    long bytesRead() {
        return bytesRead;
    }

    private void count(Texture2D texture, Rows rows) {
        bytesRead += (long) rows.count * texture.width() * texture.format().bytesPerTexel();
    }

    /** The mapped memory, made on first use; null where the GL cannot map it persistently. */
    private StagedReadback staged() {
        if (staged == null && StagedUpload.supported()) staged = StagedReadback.create(pieceBytes);
        return staged;
    }

    /** Frees the mapped memory (GL thread). */
    @Override
    public void close() {
        if (staged != null) staged.close();
        staged = null;
    }
}
