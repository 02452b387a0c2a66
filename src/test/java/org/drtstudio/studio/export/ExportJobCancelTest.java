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
}
