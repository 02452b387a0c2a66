package org.drtstudio.cli;

import org.drtstudio.io.image.PngWriter;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The spheres and resolution suites, tiny and on the CPU tracer: what they measure and write, not how fast. */
class GeneratedSceneSuitesTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter(), out = new StringWriter();
    private final List<RendererFactory.Backend> asked = new ArrayList<>();

    private int drt(String... args) {
        err.getBuffer().setLength(0);
        out.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create((backend, notices) -> {
            asked.add(backend);
            return new CpuRenderer(2);
        });
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(out, true));
        return cl.execute(args);
    }

    @Test
    void spheresSuiteReportsFpsPerCountAndStructureBesideThePapersFigures() throws Exception {
        Path json = dir.resolve("spheres.json");
        assertEquals(0, drt("bench", "--suite", "spheres", "--size", "24x24", "--frame-repeats", "1", "--backend", "cpu",
                "--json", json.toString()), err.toString());
        String text = Files.readString(json);
        for (String count : new String[]{"spheres_100", "spheres_1000", "spheres_10000"}) {
            assertTrue(text.contains("\"" + count + "\""), text);
        }
        assertTrue(text.matches("(?s).*\"paper_fps\": ?\"45\".*"), text);
        assertFalse(text.contains("144"), "no figure the paper does not state: " + text);
        for (String structure : new String[]{"bvh", "grid", "octree"}) {
            assertTrue(text.contains("\"" + structure + "\""), "every structure the tracer offers is timed: " + text);
        }
        assertTrue(err.toString().contains("spheres 10,000  bvh"), err.toString());
        assertTrue(err.toString().contains("spheres 10,000  octree"), err.toString());
    }

    @Test
    void resolutionSuiteTimesBothTracersAtDoublingSizesAndDrawsThePlot() throws Exception {
        Path json = dir.resolve("res.json"), plot = dir.resolve("res.png");
        assertEquals(0, drt("bench", "--suite", "resolution", "--max-size", "256", "--frame-repeats", "1",
                "--json", json.toString(), "--plot", plot.toString()), err.toString());
        assertEquals(List.of(RendererFactory.Backend.GPU, RendererFactory.Backend.CPU), asked);
        String text = Files.readString(json);
        assertTrue(text.contains("size_128") && text.contains("size_256") && !text.contains("size_512"), text);
        assertTrue(text.contains("speedup"), text);
        assertEquals(640, PngWriter.read(plot).getWidth());
    }

    @Test
    void badSizesAreOneLine() {
        assertEquals(2, drt("bench", "--suite", "resolution", "--max-size", "8192"));
        assertEquals("drt: --max-size must be 128 to 4096, got 8192", err.toString().strip());
        assertEquals(2, drt("bench", "--suite", "resolution", "--max-size", "64"));
        assertEquals(2, drt("bench", "--suite", "spheres", "--size", "big"));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(asked.isEmpty(), "refused before a renderer was made");
    }
}
