package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.*;
import static org.lwjgl.opengl.GL11C.GL_VERSION;
import static org.lwjgl.opengl.GL11C.glGetString;

/**
 * Context creation on this machine's GL (llvmpipe in CI). No GL is a failure here, never a skip:
 * CI has Mesa, and a broken context would otherwise hide every GPU test.
 */
@Timeout(60)
class EglContextTest {

    @Test
    void createsCoreContextOf43OrNewerWithDriverStrings() throws Exception {
        GlInfo info = GlProbe.probe();
        System.out.println("GL: " + info.describe() + " (context in " + info.creationMillis() + " ms)");
        assertTrue(info.atLeast(4, 3), info.describe());
        assertFalse(info.renderer().isBlank(), "GL_RENDERER");
        assertFalse(info.vendor().isBlank(), "GL_VENDOR");
        assertTrue(info.eglPath().startsWith("EGL"), info.eglPath());
        assertTrue(info.maxTextureSize() >= 1024, "GL 4.3 guarantees 16384; got " + info.maxTextureSize());
        assertTrue(info.maxComputeWorkGroupInvocations() >= 1024, "GL 4.3 guarantees 1024");
        assertEquals(info.renderer() + ", OpenGL " + info.version() + ", via " + info.eglPath(), info.describe());
    }

    @Test
    void contextIsCurrentOnTheCreatingThreadUntilClosed() throws Exception {
        CompletableFuture<String> version = CompletableFuture.supplyAsync(() -> {
            try (EglContext context = EglContext.create()) {
                return glGetString(GL_VERSION);
            } catch (GlUnavailableException e) {
                throw new AssertionError(e.getMessage(), e);
            }
        });
        assertTrue(version.get().matches("^4\\.\\d.*"), version.get());
    }

    @Test
    void closingASecondContextLeavesTheFirstWorking() throws Exception {
        try (GlThread gl = GlThread.start()) {
            GlProbe.probe(); // same EGL display: must not be terminated under the GL thread
            String version = gl.call(() -> glGetString(GL_VERSION));
            assertNotNull(version);
            assertTrue(gl.call(FloatBitsRoundTrip::check).exact());
        }
    }
}
