package org.drtstudio.cli;

import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.render.Renderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/** {@code drt render -v} says where the time went from the file to the first frame, each phase and the upload's rate. */
class LoadPhasesTest {
    @TempDir
    Path dir;

    @Test
    void theUploadIsItsOwnPhaseWithItsRateAndTheFirstFrameKeepsTheRest() {
        Renderer.Upload upload = new Renderer.Upload(3_000_000_000L, 1500);
        List<TimedPhase> phases = LoadPhases.phases(List.of(new TimedPhase("read + parse", 700)), 800, 0,
                new GeometryImageBuilder.Timings(300, 20, 80, null), 400, upload, 1600);
        assertEquals(List.of("read + parse", "hierarchy", "packing", "box layout", "tracer start", "upload", "first frame"),
                phases.stream().map(TimedPhase::name).toList());
        assertEquals(1500, phases.get(5).millis());
        assertEquals(100, phases.get(6).millis(), 1e-9, "the first frame without its upload");
        String line = LoadPhases.line(phases, upload);
        assertTrue(line.startsWith("from the file to the first frame 3,100.0 ms: read + parse 700.0"), line);
        assertTrue(line.endsWith("(3,000.0 MB uploaded at 2.00 GB/s)"), line);
    }

    @Test
    void aReaderWithoutPhasesCountsAsOneRead() {
        List<TimedPhase> phases = LoadPhases.phases(List.of(), 250, 0, new GeometryImageBuilder.Timings(1, 2, 3, null), 4, Renderer.Upload.NONE, 10);
        assertEquals(new TimedPhase("read", 250), phases.get(0));
        assertTrue(LoadPhases.line(phases, Renderer.Upload.NONE).endsWith("(nothing uploaded)"));
    }

    @Test
    void theGpuBuildersWaitIsAPhaseAndTheWallTimeNotNamedIsTheRest() {
        GeometryImageBuilder.Timings build = new GeometryImageBuilder.Timings(300, 20, 80, null);
        List<TimedPhase> phases = LoadPhases.phases(List.of(new TimedPhase("read + parse", 700)), 800, 250, build, 400, Renderer.Upload.NONE, 100);
        assertEquals(List.of("read + parse", "GPU builder start", "hierarchy", "packing", "box layout", "tracer start", "upload", "first frame"),
                phases.stream().map(TimedPhase::name).toList());
        assertEquals(List.of("read + parse", "hierarchy", "packing", "box layout", "tracer start", "upload", "first frame"),
                LoadPhases.phases(List.of(new TimedPhase("read + parse", 700)), 800, 0, build, 400, Renderer.Upload.NONE, 100)
                        .stream().map(TimedPhase::name).toList(), "no wait, no phase");
        List<TimedPhase> all = LoadPhases.withRest(phases, 2000);
        assertEquals(new TimedPhase("other", 150), all.get(all.size() - 1));
        assertTrue(LoadPhases.line(all, Renderer.Upload.NONE).startsWith("from the file to the first frame 2,000.0 ms"));
        assertSame(phases, LoadPhases.withRest(phases, 1850.5), "under a millisecond left: no rest");
    }

    /** The CPU tracer uploads nothing; the line is there all the same, its phases adding up to its total. */
    @Test
    void renderVerboseReportsThePhasesOnce() throws Exception {
        Path obj = dir.resolve("quad.obj");
        Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n");
        CliHarness cli = new CliHarness();
        assertEquals(0, cli.drt("render", obj.toString(), "--width", "16", "--height", "12", "-v", "-o", dir.resolve("q.png").toString()),
                cli.err());
        Matcher m = Pattern.compile("from the file to the first frame ([\\d,.]+) ms: (.*) \\(nothing uploaded\\)").matcher(cli.err());
        assertTrue(m.find(), cli.err());
        double sum = 0;
        for (String phase : m.group(2).split(", ")) sum += Double.parseDouble(phase.substring(phase.lastIndexOf(' ') + 1).replace(",", ""));
        assertEquals(Double.parseDouble(m.group(1).replace(",", "")), sum, 0.5, m.group());
        for (String name : new String[]{"read + parse", "hierarchy", "box layout", "tracer start", "upload", "first frame"}) {
            assertTrue(m.group(2).contains(name + " "), name + " in " + m.group());
        }
        assertFalse(m.find(), "once, for the first frame");
    }
}
