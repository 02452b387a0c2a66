package org.drtstudio.studio;

import org.drtstudio.io.TimedPhase;
import org.drtstudio.render.Renderer;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The status line after an import: the upload apart from the first pass, with its rate, where the tracer uploads. */
class ImportTimesTest {
    private static final List<TimedPhase> READ = List.of(new TimedPhase("read + parse", 900));

    @Test
    void anUploadingTracersUploadIsShownWithItsRate() {
        var pack = new PreviewRenderer.PackTimings(1, 300, false, 40, 60, 700, new Renderer.Upload(2_300_000_000L, 500));
        String line = ImportTimes.line("imported big.obj", READ, pack, 2100);
        assertTrue(line.contains("upload (2,300 MB, 4.6 GB/s) 500 ms, first pass 200 ms"), line);
        assertFalse(line.contains("upload + first pass"), line);
    }

    @Test
    void withoutAnUploadTheFirstPassIsOnePhase() {
        var pack = new PreviewRenderer.PackTimings(1, 300, true, 40, 60, 700, Renderer.Upload.NONE);
        String line = ImportTimes.line("imported big.obj", READ, pack, 2100);
        assertTrue(line.endsWith("coarse hierarchy 300 ms, packing 40 ms, box layout 60 ms, upload + first pass 700 ms"), line);
    }
}
