package org.drtstudio.render.gl;

import org.drtstudio.render.RenderException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The size check made before any array of the geometry image (the texture atlas included) is uploaded. */
class GeometryImageTexturesTest {
    private static GlInfo limit(int maxTextureSize) {
        return new GlInfo("test", "Test GPU", "4.5", "test", 4, 5, maxTextureSize, 1024, 0, List.of());
    }

    @Test
    void rowsWrapAtTheTextureWidth() throws Exception {
        assertEquals(1, GeometryImageTextures.checkFits("textures", 0, limit(16384)));
        assertEquals(1, GeometryImageTextures.checkFits("textures", 4096, limit(16384)));
        assertEquals(2, GeometryImageTextures.checkFits("textures", 4097, limit(16384)));
    }

    @Test
    void anAtlasBeyondTheLimitIsAClearError() {
        RenderException e = assertThrows(RenderException.class,
                () -> GeometryImageTextures.checkFits("textures", 4096L * 4096 + 1, limit(4096)));
        assertEquals("the scene's textures need 4097 rows of 4096 texels, more than GL_MAX_TEXTURE_SIZE = 4096 of Test GPU",
                e.getMessage());
    }
}
