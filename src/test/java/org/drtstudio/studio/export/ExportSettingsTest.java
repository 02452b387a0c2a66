package org.drtstudio.studio.export;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class ExportSettingsTest {
    private static ExportSettings named(String name) {
        return new ExportSettings(Path.of("/out", name), 16, 9, 1, false, 0, 9);
    }

    @Test
    void aRunOfHashesBecomesTheZeroPaddedFrameNumber() {
        assertEquals(Path.of("/out/frame_0007.png"), named("frame_####.png").frameFile(7));
        assertEquals(Path.of("/out/f12.pfm"), named("f##.pfm").frameFile(12));
    }

    @Test
    void aNameWithoutHashesIsNumberedBeforeItsExtensionSoFramesNeverShareAFile() {
        ExportSettings s = named("frame.png");
        assertEquals(Path.of("/out/frame_0000.png"), s.frameFile(0));
        assertNotEquals(s.frameFile(1), s.frameFile(2));
        assertEquals(Path.of("/out/clip_0003"), named("clip").frameFile(3));
    }
}
