package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The box layout's primitives made on the GPU ({@code box_primitives.comp}; llvmpipe in CI) are the
 * CPU's packing bit for bit, triangles and spheres, into a texture and into a storage buffer; the
 * tracer's use of them is checked by GlBoxStorageTest (a lone linear-BVH mesh, both storages).
 */
@Timeout(120)
class GlBoxPrimitivesTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    @Test
    void trianglesAndSpheresAreTheCpusPackingBitForBit() {
        GeometryImage image = new GeometryImageBuilder().build(TestScenes.randomSoup(5, 3_000, 400));
        assertTrue(image.sphereCount() > 0 && image.triangleCount() > 0, "both kinds");
        float[] expected = BoxLayout.of(image).primitives();
        int count = image.primitiveCount();
        float[][] made = GL.get().call(() -> {
            try (Texture2D prims = dataTexture(image.primitives()); Texture2D verts = dataTexture(image.vertices());
                 GlBoxPrimitives kernel = new GlBoxPrimitives();
                 Texture2D outTexture = Texture2D.create(TextureFormat.RGBA32F, GeometryImageLayout.TEXTURE_WIDTH,
                         GeometryImageLayout.rowsFor(expected.length / 4));
                 ShaderStorageBuffer outBuffer = ShaderStorageBuffer.allocate(4L * expected.length)) {
                prims.bindSampler(ShaderBinding.PRIMITIVES.slot());
                verts.bindSampler(ShaderBinding.VERTICES.slot());
                kernel.into(outTexture, count);
                kernel.into(outBuffer, count);
                float[] fromBuffer = new float[expected.length];
                outBuffer.read(fromBuffer);
                return new float[][]{Arrays.copyOf(TextureReadback.floats(outTexture, 1 << 20), expected.length), fromBuffer};
            }
        });
        assertArrayEquals(bits(expected), bits(made[0]), "into a texture");
        assertArrayEquals(bits(expected), bits(made[1]), "into a storage buffer");
    }

    private static Texture2D dataTexture(float[] data) {
        int width = GeometryImageLayout.TEXTURE_WIDTH, rows = GeometryImageLayout.rowsFor(data.length / 4);
        return Texture2D.create(TextureFormat.RGBA32F, width, rows, Arrays.copyOf(data, 4 * width * rows));
    }

    private static int[] bits(float[] a) {
        int[] b = new int[a.length];
        for (int i = 0; i < a.length; i++) b[i] = Float.floatToRawIntBits(a[i]);
        return b;
    }
}
