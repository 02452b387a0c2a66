package org.drtstudio.io.image;

import org.drtstudio.io.image.exr.TinyExr;
import org.drtstudio.io.support.AtomicFileWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** EXR pictures: channels sorted and typed as documented, values back as written (half within its precision). */
class ExrPictureTest {
    @TempDir
    Path dir;

    @Test
    void layersComeBackSortedWithTheirValues() throws Exception {
        int w = 5, h = 3, n = w * h;
        float[] rgb = new float[3 * n], depth = new float[n], normal = new float[3 * n];
        for (int i = 0; i < n; i++) {
            rgb[3 * i] = 0.25f * i;            // beyond 1: scene-referred, not clamped
            rgb[3 * i + 1] = 1e-3f * i;
            rgb[3 * i + 2] = 100f + i;
            depth[i] = i == 7 ? Float.POSITIVE_INFINITY : 12.3456789f * i;
            normal[3 * i + 2] = 1;
        }
        ExrPicture p = new ExrPicture(w, h, ExrPicture.Precision.HALF).rgba(rgb).dataLayer("depth", depth, "Z")
                .dataLayer("normal", normal, "X", "Y", "Z").colourLayer("albedo", rgb);
        assertEquals(List.of("A", "B", "G", "R", "albedo.B", "albedo.G", "albedo.R", "depth.Z", "normal.X", "normal.Y", "normal.Z"),
                p.channelNames());
        Path file = dir.resolve("x.exr");
        AtomicFileWriter.write(file, p.body());
        TinyExr.Picture back = TinyExr.decode(Files.readAllBytes(file));
        assertEquals(w, back.width());
        assertEquals(h, back.height());
        assertTrue(back.channel("R").half());
        assertFalse(back.channel("depth.Z").half(), "depth in full float");
        for (int i = 0; i < n; i++) {
            assertEquals(rgb[3 * i], back.channel("R").values()[i], Math.abs(rgb[3 * i]) * 1e-3 + 1e-7, "half R");
            assertEquals(rgb[3 * i + 2], back.channel("B").values()[i], Math.abs(rgb[3 * i + 2]) * 1e-3);
            assertEquals(depth[i], back.channel("depth.Z").values()[i], "float depth, exactly (+Inf on a miss)");
            assertEquals(1f, back.channel("A").values()[i]);
            assertEquals(1f, back.channel("normal.Z").values()[i]);
        }
    }

    @Test
    void fullFloatColourIsExact() throws Exception {
        float[] rgb = {0.1f, 1234.5678f, 3e-9f};
        ExrPicture p = new ExrPicture(1, 1, ExrPicture.Precision.FLOAT).rgba(rgb);
        Path file = dir.resolve("f.exr");
        AtomicFileWriter.write(file, p.body());
        TinyExr.Picture back = TinyExr.decode(Files.readAllBytes(file));
        assertEquals(rgb[1], back.channel("G").values()[0]);
        assertEquals(rgb[2], back.channel("B").values()[0]);
    }
}
