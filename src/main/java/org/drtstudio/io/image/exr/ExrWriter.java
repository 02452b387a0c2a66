package org.drtstudio.io.image.exr;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.IntStream;
import java.util.zip.Deflater;

/**
 * A scanline OpenEXR file of named float channels, ZIP-compressed in blocks of 16 lines (OpenEXR's
 * {@code ZIP_COMPRESSION}), the blocks compressed on every core.
 *
 * <p>Written here, not through tinyexr's encoder, for speed: LWJGL's tinyexr compresses on one thread, and a 1080p
 * half-float RGBA picture took 0.87–1.0 s on the 2-core machine and about 0.35 s a frame of a GPU sequence on the
 * H200, where the frame is traced in 0.05 s (docs/BENCHMARKS.md, "Writing the picture"). tinyexr still reads EXR
 * ({@link TinyExr}); the files this writes are read back by it in ExrWriterTest, and drt render's by OpenEXR's
 * {@code exrheader} and OpenImageIO's {@code oiiotool} in cli.ExrOutputTest.
 *
 * <p>The format (OpenEXR's "Technical Introduction" and "OpenEXR File Layout"): magic number and version, the header's
 * attributes, a table of each block's offset, then each block as its first line, its size and its bytes. A block's
 * bytes are its lines one after another, each line every channel's values in the channel list's order (sorted by
 * name), little-endian; compressed, they are split into even and odd bytes, each byte stored as its difference to the
 * one before, then deflated with zlib's wrapper. A block that would not shrink is stored as it is.
 */
public final class ExrWriter {
    /** Lines a block of ZIP_COMPRESSION holds. */
    static final int LINES_PER_BLOCK = 16;
    private static final int MAGIC = 20000630, VERSION = 2, LONG_NAMES = 0x400;
    private static final int HALF = 1, FLOAT = 2, ZIP_COMPRESSION = 3;
    /** Deflate's level: OpenEXR's own default since 3.1, and faster than zlib's 6 for a few per cent more bytes. */
    private static final int LEVEL = 4;

    private ExrWriter() {
    }

    /**
     * Writes the file to {@code out}. Channels must be sorted by name, as OpenEXR's channel list is, and have
     * {@code width × height} values each, rows top to bottom.
     */
    public static void write(int width, int height, List<TinyExr.Channel> channels, OutputStream out) throws IOException {
        check(width, height, channels);
        int blocks = (height + LINES_PER_BLOCK - 1) / LINES_PER_BLOCK;
        byte[][] stored = new byte[blocks][];
        IntStream.range(0, blocks).parallel().forEach(b -> stored[b] = block(width, height, channels, b));
        byte[] header = header(width, height, channels);
        ByteBuffer table = ByteBuffer.allocate(8 * blocks).order(ByteOrder.LITTLE_ENDIAN);
        long offset = header.length + 8L * blocks;
        for (byte[] s : stored) {
            table.putLong(offset);
            offset += 8 + s.length;
        }
        out.write(header);
        out.write(table.array());
        ByteBuffer prefix = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        for (int b = 0; b < blocks; b++) {
            prefix.clear();
            prefix.putInt(b * LINES_PER_BLOCK).putInt(stored[b].length);
            out.write(prefix.array());
            out.write(stored[b]);
        }
    }

    private static void check(int width, int height, List<TinyExr.Channel> channels) {
        if (width <= 0 || height <= 0) throw new IllegalArgumentException("an EXR of " + width + "x" + height + " pixels");
        if (channels.isEmpty()) throw new IllegalArgumentException("an EXR with no channels");
        String previous = null;
        for (TinyExr.Channel c : channels) {
            if (c.values().length != (long) width * height) throw new IllegalArgumentException("channel " + c.name() + " has the wrong size");
            if (c.name().isEmpty() || c.name().length() > 255 || c.name().indexOf('\0') >= 0 || !StandardCharsets.US_ASCII.newEncoder().canEncode(c.name()))
                throw new IllegalArgumentException("channel name not 1-255 ASCII characters without NUL: " + c.name());
            if (previous != null && previous.compareTo(c.name()) >= 0) throw new IllegalArgumentException("channels not sorted by name: " + c.name());
            previous = c.name();
        }
        if (lineBytes(width, channels) * LINES_PER_BLOCK > Integer.MAX_VALUE / 2) throw new IllegalArgumentException("EXR lines too wide: " + width + " pixels");
    }

    /** Block {@code b}'s stored bytes: its lines deflated, or as they are where that is no smaller. */
    private static byte[] block(int width, int height, List<TinyExr.Channel> channels, int b) {
        int first = b * LINES_PER_BLOCK, lines = Math.min(LINES_PER_BLOCK, height - first);
        ByteBuffer raw = ByteBuffer.allocate((int) (lines * lineBytes(width, channels))).order(ByteOrder.LITTLE_ENDIAN);
        for (int y = first; y < first + lines; y++) {
            for (TinyExr.Channel c : channels) {
                float[] v = c.values();
                int row = y * width;
                if (c.half()) for (int x = 0; x < width; x++) raw.putShort(HalfFloat.fromFloat(v[row + x]));
                else for (int x = 0; x < width; x++) raw.putFloat(v[row + x]);
            }
        }
        byte[] data = raw.array();
        byte[] deflated = deflate(predicted(data));
        return deflated.length < data.length ? deflated : data;
    }

    private static long lineBytes(int width, List<TinyExr.Channel> channels) {
        long bytes = 0;
        for (TinyExr.Channel c : channels) bytes += (long) width * (c.half() ? 2 : 4);
        return bytes;
    }

    /** The bytes split into the even-indexed ones then the odd, each stored as its difference to the one before plus 128. */
    static byte[] predicted(byte[] data) {
        int n = data.length, half = (n + 1) / 2;
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) t[(i & 1) == 0 ? i >> 1 : half + (i >> 1)] = data[i];
        int previous = t[0] & 0xff;
        for (int i = 1; i < n; i++) {
            int current = t[i] & 0xff;
            t[i] = (byte) (current - previous + 128 + 256);
            previous = current;
        }
        return t;
    }

    private static byte[] deflate(byte[] data) {
        Deflater deflater = new Deflater(LEVEL);
        try {
            deflater.setInput(data);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 2 + 64);
            byte[] buffer = new byte[Math.max(4096, data.length / 4)];
            while (!deflater.finished()) out.write(buffer, 0, deflater.deflate(buffer));
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    /** Magic number, version and the required attributes, ending with the empty name. */
    private static byte[] header(int width, int height, List<TinyExr.Channel> channels) {
        boolean longNames = channels.stream().anyMatch(c -> c.name().length() > 31);
        ByteBuffer list = Attributes.little(channels.stream().mapToInt(c -> c.name().length() + 1 + 16).sum() + 1);
        Attributes a = new Attributes(list.capacity() + 512); // the other attributes take under 300 bytes
        a.buffer.putInt(MAGIC).putInt(VERSION | (longNames ? LONG_NAMES : 0));
        for (TinyExr.Channel c : channels) {
            list.put(c.name().getBytes(StandardCharsets.US_ASCII)).put((byte) 0);
            list.putInt(c.half() ? HALF : FLOAT).put((byte) 0).put(new byte[3]).putInt(1).putInt(1); // pLinear, reserved, x and y sampling
        }
        list.put((byte) 0);
        a.add("channels", "chlist", list.array());
        a.add("compression", "compression", new byte[]{ZIP_COMPRESSION});
        byte[] window = Attributes.little(16).putInt(0).putInt(0).putInt(width - 1).putInt(height - 1).array();
        a.add("dataWindow", "box2i", window);
        a.add("displayWindow", "box2i", window);
        a.add("lineOrder", "lineOrder", new byte[]{0}); // increasing y
        a.add("pixelAspectRatio", "float", Attributes.little(4).putFloat(1f).array());
        a.add("screenWindowCenter", "v2f", Attributes.little(8).putFloat(0f).putFloat(0f).array());
        a.add("screenWindowWidth", "float", Attributes.little(4).putFloat(1f).array());
        a.buffer.put((byte) 0);
        return java.util.Arrays.copyOf(a.buffer.array(), a.buffer.position());
    }

    /** A header being written: name, type, size and value of each attribute. */
    private static final class Attributes {
        final ByteBuffer buffer;

        Attributes(int capacity) {
            buffer = little(capacity);
        }

        static ByteBuffer little(int size) {
            return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        }

        void add(String name, String type, byte[] value) {
            buffer.put(name.getBytes(StandardCharsets.US_ASCII)).put((byte) 0);
            buffer.put(type.getBytes(StandardCharsets.US_ASCII)).put((byte) 0);
            buffer.putInt(value.length).put(value);
        }
    }
}
