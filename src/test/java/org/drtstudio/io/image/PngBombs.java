package org.drtstudio.io.image;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes grey PNGs of any size without holding their pixels: rows of zeros (a constant grey)
 * deflate to almost nothing, so a 16384² "texture bomb" is a few hundred KiB on disk and 256 MiB
 * of samples once decoded, the shape of the 50 KB pictures that cost gigabytes.
 */
final class PngBombs {
    private PngBombs() {
    }

    static Path grey(Path file, int width, int height, int value) throws IOException {
        return grey(file, width, height, value, height);
    }

    /** A PNG whose header says {@code width}×{@code height} but whose data ends after {@code rows} rows. */
    static Path grey(Path file, int width, int height, int value, int rows) throws IOException {
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(idat, new Deflater(Deflater.BEST_COMPRESSION), 1 << 16)) {
            byte[] row = new byte[width + 1]; // filter byte 0, then the samples
            java.util.Arrays.fill(row, 1, row.length, (byte) value);
            for (int y = 0; y < rows; y++) z.write(row);
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.write(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        ByteArrayOutputStream ihdr = new ByteArrayOutputStream();
        DataOutputStream h = new DataOutputStream(ihdr);
        h.writeInt(width);
        h.writeInt(height);
        h.write(new byte[]{8, 0, 0, 0, 0}); // 8 bits, grey, deflate, adaptive filters, no interlace
        chunk(png, "IHDR", ihdr.toByteArray());
        chunk(png, "IDAT", idat.toByteArray());
        chunk(png, "IEND", new byte[0]);
        Files.write(file, png.toByteArray());
        return file;
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws IOException {
        DataOutputStream d = new DataOutputStream(out);
        d.writeInt(data.length);
        byte[] t = type.getBytes(StandardCharsets.US_ASCII);
        d.write(t);
        d.write(data);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data);
        d.writeInt((int) crc.getValue());
    }
}
