package org.drtstudio.studio.export;

import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cancelling an export stops the CPU tracer within its pass: a 1080p pass of a few samples takes
 * seconds on two cores (tens under load), and Cancel waited for it. The job's progress comes in as
 * the pass's rows do, so the status bar moves within a pass too.
 */
class ExportJobCancelTest {
    @TempDir
    Path dir;

    @Test
    void cancelStopsTheCpuTracerWithinItsPass() throws Exception {
        Path nff = Path.of("scenes/default.nff");
        SceneModel model = ProjectConverter.fromImport(nff, SceneLoader.load(nff).scene());
        Path out = dir.resolve("still.png");
        // One pass of 4 samples: before, the first progress came when it had ended.
        ExportJob job = new ExportJob(model, new ExportSettings(out, 320, 240, 4, false, 0, 0), false, 0, false, PixelFilter.BOX);
        List<Double> seen = Collections.synchronizedList(new ArrayList<>());
        assertThrows(CancellationException.class, () -> job.run(() -> new CpuRenderer(2), (path, encoding) -> null, f -> {
            seen.add(f);
            if (f < 1) job.cancel();
        }));
        assertFalse(seen.isEmpty(), "progress within the pass");
        assertTrue(seen.stream().allMatch(f -> f < 1), "the pass was stopped before its end: " + seen);
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aFrameThatCouldNotBeWrittenBeforeTheCancelIsNamed() throws Exception {
        Path nff = Path.of("scenes/default.nff");
        SceneModel model = ProjectConverter.fromImport(nff, SceneLoader.load(nff).scene());
        ExportSettings settings = new ExportSettings(dir.resolve("f_####.png"), 64, 48, 1, false, 0, 3);
        Files.createDirectory(settings.frameFile(1)); // frame 1's place is taken
        ExportJob job = new ExportJob(model, settings, true, 0, false, PixelFilter.BOX);
        // Cancelled within frame 2's trace, while (or after) frame 1 is written behind it and fails.
        CancellationException e = assertThrows(CancellationException.class, () -> job.run(() -> new CpuRenderer(2),
                (path, encoding) -> null, f -> {
                    if (f > 0.5 && f < 0.75) job.cancel();
                }));
        java.io.IOException failed = org.drtstudio.io.support.WriteBehind.failedWrite(e);
        assertTrue(failed != null && failed.getMessage().contains("f_0001.png"), "the failed frame is named: " + failed);
        assertTrue(Files.isRegularFile(settings.frameFile(0)), "the frame before stays");
        assertFalse(Files.exists(settings.frameFile(2)) || Files.exists(settings.frameFile(3)), "nothing after the failure");
    }
}
