package org.drtstudio.render.gl;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Checks on the current GL context that int bit patterns stored in an RGBA32F texture come back
 * exactly through {@code floatBitsToInt(texelFetch(...))}. The geometry image stores its links
 * (node and primitive indices, -1 for "none") as int bits in float texels, so this must hold.
 *
 * <p>The risky patterns are small positive ints (1..1000 are denormal floats, which a driver
 * could flush to zero on upload or fetch), -1 and other NaN patterns (a driver could canonicalise
 * NaNs), and -0. They are written from Java with {@code Float.intBitsToFloat}, as the packer does.
 * Exact on Mesa 22.3 llvmpipe and NVIDIA 580 (H100). Float arithmetic on such values does change
 * them (see {@link Texture2D}), so the shader here converts straight after the fetch.
 */
public final class FloatBitsRoundTrip {
    private static final int WIDTH = 64;
    private static final String SHADER = """
            layout(local_size_x = 8, local_size_y = 8) in;
            layout(binding = DRT_BINDING_PROBE_INPUT) uniform sampler2D bitsAsFloats;
            layout(binding = DRT_BINDING_PROBE_OUTPUT, rgba32i) uniform writeonly iimage2D bitsOut;
            void main() {
                ivec2 p = ivec2(gl_GlobalInvocationID.xy);
                if (any(greaterThanEqual(p, textureSize(bitsAsFloats, 0)))) return;
                imageStore(bitsOut, p, floatBitsToInt(texelFetch(bitsAsFloats, p, 0)));
            }
            """;

    /**
     * What the check found.
     *
     * @param checked    how many int patterns were sent through
     * @param mismatches one line per pattern that changed ({@code "-1 (0xffffffff) came back as ..."}), at most 20
     */
    public record Result(int checked, List<String> mismatches) {
        public Result {
            mismatches = List.copyOf(mismatches);
        }

        public boolean exact() {
            return mismatches.isEmpty();
        }

        public String describe() {
            return exact()
                    ? "int bits in RGBA32F texels round-trip exactly (" + checked + " patterns incl. denormals, NaNs, -1)"
                    : "int bits in RGBA32F texels are NOT preserved: " + String.join("; ", mismatches);
        }
    }

    private FloatBitsRoundTrip() {
    }

    /** The patterns sent: 0..1000, special float encodings, then pseudo-random ints. */
    static int[] patterns() {
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i <= 1000; i++) {
            values.add(i);
        }
        int[] special = {-1, -2, -1000, Integer.MIN_VALUE, Integer.MAX_VALUE,
                0x7F800000, 0xFF800000,             // +inf, -inf
                0x7FC00000, 0x7F800001, 0x7FBFFFFF, // quiet NaN, signalling NaNs
                0xFFC00001, 0xFFFFFFFE,             // negative NaNs with payloads
                0x80000000, 0x80000001,             // -0, smallest negative denormal
                0x007FFFFF, 0x00800000,             // largest denormal, smallest normal
                0x3F800000, 1 << 24, (1 << 24) + 1};
        for (int s : special) {
            values.add(s);
        }
        Random random = new Random(20240601);
        for (int i = 0; i < 4096; i++) {
            values.add(random.nextInt());
        }
        return values.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Runs the check; call on the {@link GlThread}. */
    public static Result check() {
        int[] patterns = patterns();
        int texels = (patterns.length + 3) / 4;
        int height = (texels + WIDTH - 1) / WIDTH;
        int floats = WIDTH * height * 4;

        FloatBuffer upload = ByteBuffer.allocateDirect(floats * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        for (int i = 0; i < floats; i++) {
            upload.put(i, Float.intBitsToFloat(i < patterns.length ? patterns[i] : 0));
        }
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < patterns.length && mismatches.size() < 20; i++) {
            int stored = Float.floatToRawIntBits(upload.get(i));
            if (stored != patterns[i]) {
                mismatches.add(mismatch(patterns[i], stored, "in Java's FloatBuffer"));
            }
        }

        ByteBuffer result = ByteBuffer.allocateDirect(floats * 4).order(ByteOrder.nativeOrder());
        ShaderSource source = ShaderLoader.fromStrings(Map.of("float_bits.comp", SHADER))
                .load("float_bits.comp", ShaderBinding.glslDefines());
        try (Texture2D input = Texture2D.create(TextureFormat.RGBA32F, WIDTH, height, upload);
             Texture2D output = Texture2D.create(TextureFormat.RGBA32I, WIDTH, height);
             ComputeProgram program = ComputeProgram.compile(source);
             PixelPackBuffer readback = PixelPackBuffer.create(output.sizeBytes())) {
            input.bindSampler(ShaderBinding.PROBE_INPUT);
            output.bindImage(ShaderBinding.PROBE_OUTPUT, ImageAccess.WRITE_ONLY);
            program.dispatchCovering(WIDTH, height);
            readback.read(output, result);
        }
        IntBuffer ints = result.flip().asIntBuffer();
        for (int i = 0; i < patterns.length && mismatches.size() < 20; i++) {
            if (ints.get(i) != patterns[i]) {
                mismatches.add(mismatch(patterns[i], ints.get(i), "through the texture"));
            }
        }
        return new Result(patterns.length, mismatches);
    }

    private static String mismatch(int sent, int got, String where) {
        return String.format("%d (0x%08x) came back %s as %d (0x%08x)", sent, sent, where, got, got);
    }
}
