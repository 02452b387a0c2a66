package org.drtstudio.io.image;

import org.drtstudio.io.support.AtomicFileWriter;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Portable float map: "Pf" (1 channel) or "PF" (3 channels), little-endian (scale -1), rows stored
 * bottom to top as the format requires. Input arrays run top to bottom like every image here.
 */
public final class PfmWriter {
    private PfmWriter() {
    }

    public static void write(Path file, int width, int height, int channels, float[] data) throws IOException {
        AtomicFileWriter.write(file, body(width, height, channels, data));
    }

    /** The file's bytes, written as the stream asks for them (no second copy of the picture in memory). */
    public static AtomicFileWriter.Body body(int width, int height, int channels, float[] data) {
        if (channels != 1 && channels != 3) throw new IllegalArgumentException("PFM holds 1 or 3 channels, not " + channels);
        byte[] header = ((channels == 1 ? "Pf" : "PF") + "\n" + width + " " + height + "\n-1.0\n").getBytes(StandardCharsets.US_ASCII);
        return out -> {
            out.write(header);
            ByteBuffer row = ByteBuffer.allocate(4 * width * channels).order(ByteOrder.LITTLE_ENDIAN);
            for (int y = height - 1; y >= 0; y--) {
                row.clear();
                for (int i = 0; i < width * channels; i++) row.putFloat(data[y * width * channels + i]);
                out.write(row.array());
            }
        };
    }

    /** Reads a PFM back into rows top to bottom; used by tests and tools. */
    public static float[] read(Path file, int[] sizeOut) throws IOException {
        try (InputStream raw = Files.newInputStream(file); DataInputStream in = new DataInputStream(raw)) {
            String magic = token(in), w = token(in), h = token(in), scale = token(in);
            int channels = magic.equals("Pf") ? 1 : magic.equals("PF") ? 3 : -1;
            if (channels < 0) throw new IOException(file + ": not a PFM file (magic " + magic + ")");
            int width = Integer.parseInt(w), height = Integer.parseInt(h);
            ByteOrder order = Float.parseFloat(scale) < 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            byte[] bytes = in.readNBytes(4 * width * height * channels);
            ByteBuffer buf = ByteBuffer.wrap(bytes).order(order);
            float[] data = new float[width * height * channels];
            for (int y = height - 1; y >= 0; y--) {
                for (int i = 0; i < width * channels; i++) data[y * width * channels + i] = buf.getFloat();
            }
            sizeOut[0] = width;
            sizeOut[1] = height;
            sizeOut[2] = channels;
            return data;
        }
    }

    private static String token(DataInputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int c;
        while ((c = in.read()) != -1) {
            if (Character.isWhitespace(c)) {
                if (sb.length() > 0) break;
            } else {
                sb.append((char) c);
            }
        }
        return sb.toString();
    }
}
