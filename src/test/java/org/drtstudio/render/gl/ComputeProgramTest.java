package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

@Timeout(60)
class ComputeProgramTest {
    private static final int WIDTH = 37;   // not a multiple of the 8x8 work group: edges must be skipped
    private static final int HEIGHT = 23;
    private static final int OFFSET = 1000;
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();


    @Test
    void includedHelperAndInjectedDefineWriteTheKnownPattern() {
        ByteBuffer values = ByteBuffer.allocate(WIDTH * HEIGHT * 4).order(ByteOrder.nativeOrder());
        ByteBuffer colors = ByteBuffer.allocate(WIDTH * HEIGHT * 4);
        int[] localSize = GL.get().call(() -> {
            try (ComputeProgram program = ComputeProgram.load("test/pattern.comp",
                    Map.of("PATTERN_OFFSET", Integer.toString(OFFSET)));
                 Texture2D valueImage = Texture2D.create(TextureFormat.R32F, WIDTH, HEIGHT);
                 Texture2D colorImage = Texture2D.create(TextureFormat.RGBA8, WIDTH, HEIGHT);
                 PixelPackBuffer readback = PixelPackBuffer.create(valueImage.sizeBytes())) {
                assertTrue(program.hasUniform("size"));
                program.setIVec2("size", WIDTH, HEIGHT);
                // A name the shader does not declare: a misspelling, which GL would ignore; the tests run strict.
                assertThrows(IllegalArgumentException.class, () -> program.setInt("notInTheShader", 1));
                valueImage.bindImage(0, ImageAccess.WRITE_ONLY);
                colorImage.bindImage(1, ImageAccess.WRITE_ONLY);
                program.dispatchCovering(WIDTH, HEIGHT);
                readback.read(valueImage, values);
                readback.start(colorImage);
                readback.finish(colors);
                return program.localSize();
            }
        });
        assertArrayEquals(new int[]{8, 8, 1}, localSize);
        FloatBuffer floats = values.flip().asFloatBuffer();
        colors.flip();
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                int i = x + y * WIDTH;
                assertEquals(i + OFFSET, floats.get(i), "value at " + x + "," + y);
                assertEquals(x & 255, colors.get(4 * i) & 255, "red at " + x + "," + y);
                assertEquals(y & 255, colors.get(4 * i + 1) & 255, "green at " + x + "," + y);
                assertEquals((x + y) & 255, colors.get(4 * i + 2) & 255, "blue at " + x + "," + y);
                assertEquals(255, colors.get(4 * i + 3) & 255, "alpha at " + x + "," + y);
            }
        }
    }

    @Test
    void syntaxErrorInAnIncludedFileIsReportedAtThatFileAndLine() {
        ShaderCompileException e = assertThrows(ShaderCompileException.class,
                () -> GL.get().call(() -> ComputeProgram.load("test/broken_include.comp", Map.of())));
        System.out.println(e.getMessage());
        assertTrue(e.getMessage().startsWith("compiling test/broken_include.comp failed:"), e.getMessage());
        assertTrue(e.getMessage().contains("\ntest/lib/broken_helper.glsl:4:"), e.getMessage());
    }

    @Test
    void errorAfterAnIncludeIsReportedAtTheMainFilesLine() {
        ShaderCompileException e = assertThrows(ShaderCompileException.class,
                () -> GL.get().call(() -> ComputeProgram.load("test/broken_main.comp", Map.of("PATTERN_OFFSET", "0"))));
        System.out.println(e.getMessage());
        assertTrue(e.getMessage().contains("\ntest/broken_main.comp:6:"), e.getMessage());
        assertFalse(e.getMessage().contains("pattern_value.glsl:"), e.getMessage());
    }

    @Test
    void aMissingDefineIsACompileErrorInTheFileThatUsesIt() {
        ShaderCompileException e = assertThrows(ShaderCompileException.class,
                () -> GL.get().call(() -> ComputeProgram.load("test/pattern.comp", Map.of())));
        assertTrue(e.getMessage().contains("test/lib/pattern_value.glsl:3:"), e.getMessage());
    }
}
