package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImageLayout;

import java.util.Locale;
import java.util.stream.IntStream;

import static org.lwjgl.opengl.GL11C.glFinish;

/**
 * How fast {@link StagedUpload} sends a large float array to a device-local buffer and to an RGBA32F
 * texture of the geometry image's width, its texels written from an unpack buffer or by a compute
 * pass, round after round in one process; the first round also reads
 * the texture back and compares it bit for bit:
 * {@code scripts/lab.sh org.drtstudio.render.gl.UploadProbe MB ROUNDS} (a size in MB of at least one row of 64 KB).
 */
public final class UploadProbe {
    private UploadProbe() {
    }

    public static void main(String[] args) throws GlUnavailableException {
        int mb = args.length > 0 ? Integer.parseInt(args[0]) : 1024, rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        float[] data = new float[mb << 18];
        // Integer fields kept in float bits, NaN patterns among them, as the geometry image's primitives hold.
        IntStream.range(0, data.length).parallel().forEach(i -> data[i] = (i & 3) == 3 ? Float.intBitsToFloat(-1 - i) : i * 0.5f);
        try (GlThread gl = GlThread.start()) {
            System.out.println(gl.info().describe());
            gl.call(() -> {
                for (int round = 1; round <= rounds; round++) {
                    for (String way : new String[] {"unpack", "shader"}) {
                        try (StagedUpload staging = StagedUpload.create(StagedUpload.HALF_BYTES, way.equals("shader"))) {
                            probe(staging, data, round, way, mb);
                        }
                    }
                }
                return null;
            });
        }
    }

    private static void probe(StagedUpload staging, float[] data, int round, String way, int mb) throws GpuMemoryException {
        try (ShaderStorageBuffer b = ShaderStorageBuffer.deviceLocal(4L * data.length)) {
            long t = System.nanoTime();
            staging.toBuffer(b, data);
            glFinish();
            report(round, "buffer", mb, t);
        }
        int width = GeometryImageLayout.TEXTURE_WIDTH, rows = data.length / 4 / width;
        try (Texture2D texture = Texture2D.create(TextureFormat.RGBA32F, width, rows)) {
            long t = System.nanoTime();
            staging.toTexture(texture, data);
            glFinish();
            report(round, "texture, " + way, mb, t);
            if (round == 1) {
                float[] back = TextureReadback.floats(texture, TextureReadback.DEFAULT_BAND_BYTES);
                boolean same = true;
                for (int i = 0; i < back.length && same; i++) same = Float.floatToRawIntBits(back[i]) == Float.floatToRawIntBits(data[i]);
                System.out.println("  the texture holds the array bit for bit: " + same);
            }
        }
    }

    private static void report(int round, String what, int mb, long start) {
        double s = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "round %d %-16s %,d MB in %.1f ms: %.2f GB/s%n", round, what, mb, s * 1e3, mb / 1024.0 / s);
    }
}
