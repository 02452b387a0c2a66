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
public final class PngBombs {
    private PngBombs() {
    }

    public static Path grey(Path file, int width, int height, int value) throws IOException {
        return grey(file, width, height, value, height);
    }

    /** A PNG whose header says {@code width}×{@code height} but whose data ends after {@code rows} rows. */
    public static Path grey(Path file, int width, int height, int value, int rows) throws IOException {
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

    /**
     * A PNG that is only a header claiming {@code width}×{@code height} grey texels (no sample data):
     * sizes no picture could have, for the arithmetic that budgets them.
     */
    public static Path header(Path file, int width, int height) throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.write(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        ByteArrayOutputStream ihdr = new ByteArrayOutputStream();
        DataOutputStream h = new DataOutputStream(ihdr);
        h.writeInt(width);
        h.writeInt(height);
        h.write(new byte[]{8, 0, 0, 0, 0});
        chunk(png, "IHDR", ihdr.toByteArray());
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(idat)) {
            z.write(new byte[]{0, 0, 0, 0});
        }
        chunk(png, "IDAT", idat.toByteArray());
        chunk(png, "IEND", new byte[0]);
        Files.write(file, png.toByteArray());
        return file;
    }

    /**
     * A progressive JPEG of {@code size}² texels whose frame header (SOF2) is then made to claim
     * {@code claimedWidth}×{@code claimedHeight}: a file of a few hundred bytes whose decoder keeps
     * every coefficient of the claimed size in native memory (issue 37: 556 bytes, 6.6 GB).
     */
    public static Path progressiveJpeg(Path file, int size, int claimedWidth, int claimedHeight) throws IOException {
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(size, size, java.awt.image.BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < size; y++) for (int x = 0; x < size; x++) img.setRGB(x, y, (x * 16) << 16 | (y * 16) << 8 | 0x40);
        javax.imageio.ImageWriter writer = javax.imageio.ImageIO.getImageWritersByFormatName("jpeg").next();
        javax.imageio.ImageWriteParam param = writer.getDefaultWriteParam();
        param.setProgressiveMode(javax.imageio.ImageWriteParam.MODE_DEFAULT);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (javax.imageio.stream.ImageOutputStream out = javax.imageio.ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(null, new javax.imageio.IIOImage(img, null, null), param);
        } finally {
            writer.dispose();
        }
        byte[] b = bytes.toByteArray();
        for (int i = 0; i + 8 < b.length; i++) {
            if ((b[i] & 0xff) == 0xff && (b[i + 1] & 0xff) == 0xc2) { // SOF2: length(2) precision(1) height(2) width(2)
                b[i + 5] = (byte) (claimedHeight >> 8);
                b[i + 6] = (byte) claimedHeight;
                b[i + 7] = (byte) (claimedWidth >> 8);
                b[i + 8] = (byte) claimedWidth;
                Files.write(file, b);
                return file;
            }
        }
        throw new IOException("the JPEG writer wrote no progressive frame header");
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
