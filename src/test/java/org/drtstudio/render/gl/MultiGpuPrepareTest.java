package org.drtstudio.render.gl;

import org.drtstudio.render.TracerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code drt render}'s default on a machine of several GPUs is {@code --gpus all}, a {@link MultiGpuRenderer}: its
 * {@link MultiGpuRenderer#prepareLargeUploads} readies every device's upload, as a single {@link GlRenderer}'s does.
 */
@Timeout(300)
class MultiGpuPrepareTest {
    @Test
    void everyDevicesUploadIsReadied() throws Exception {
        System.setProperty("drt.textureUpload", "shader"); // as on a hardware GPU
        try (MultiGpuRenderer r = MultiGpuRenderer.start(TracerOptions.DEFAULT, List.of(0, 0), 16)) {
            assertFalse(r.uploadsPrepared());
            r.prepareLargeUploads();
            assertTrue(r.uploadsPrepared(), "each device's staging buffer made and warmed up");
        } finally {
            System.clearProperty("drt.textureUpload");
        }
    }
}
