package org.drtstudio.cli;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.GlUnavailableException;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Smoke test of {@code drt bench --suite accel} on the GPU tracer (llvmpipe in CI) at a tiny size: each
 * structure and the sweep report positive build times, bytes and ray rates. Speed is not checked.
 */
@Timeout(900)
class AccelSuiteTest {
    @TempDir
    Path dir;

    /** GL tracers walking the structure the suite asks for. */
    private static final class GlByAccel implements RendererFactory {
        @Override
        public Renderer create(Backend backend, Consumer<String> notices) {
            return create(backend, notices, TracerOptions.DEFAULT);
        }

        @Override
        public Renderer create(Backend backend, Consumer<String> notices, TracerOptions options) {
            try {
                return GlRenderer.start(false, options.nodes(), options.accel());
            } catch (GlUnavailableException e) {
                throw new IllegalStateException(e.getMessage());
            }
        }
    }

    @Test
    void theSuiteMeasuresEveryStructureAndTheSweepWithPositiveFigures() throws Exception {
        Path data = TestData.sharedRoot();
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create(new GlByAccel());
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        Path json = dir.resolve("accel.json");
        assertEquals(0, cl.execute("bench", "--suite", "accel", "--backend", "gpu", "--data", data.toString(), "--scenes", "tetra_s6",
                "--size", "32x16", "--repeats", "1", "--cpu-threads", "1", "--grid-densities", "1,4", "--json", json.toString()), err.toString());
        String text = Files.readString(json);
        for (String structure : new String[]{"bvh", "grid", "octree"}) {
            int at = text.indexOf("\"" + structure + "\": {");
            assertTrue(at > 0, structure + " missing in\n" + text);
            String block = text.substring(at, text.indexOf('}', at));
            for (String key : new String[]{"build_ms", "bytes", "gpu_primary_mrays_per_s", "gpu_shadow_mrays_per_s",
                    "cpu_primary_mrays_per_s", "cpu_shadow_mrays_per_s"}) assertPositive(block, key);
        }
        for (String density : new String[]{"density_1", "density_4"}) {
            int at = text.indexOf("\"" + density + "\": {");
            assertTrue(at > 0, density + " missing in\n" + text);
            String block = text.substring(at, text.indexOf('}', at));
            for (String key : new String[]{"cells", "build_ms", "bytes", "gpu_primary_mrays_per_s"}) assertPositive(block, key);
        }
        assertTrue(text.contains("\"gpu\": "), text);
    }

    @Test
    void aBadSweepDensityIsOneLine() {
        CliHarness cli = new CliHarness();
        assertEquals(2, cli.drt("bench", "--suite", "accel", "--backend", "none", "--data", dir.toString(), "--grid-densities", "-3"));
        String err = cli.err();
        assertTrue(err.contains("-3") && err.lines().count() <= 3 && !err.contains("Exception"), err);
    }

    private static void assertPositive(String block, String key) {
        Matcher m = Pattern.compile("\"" + key + "\": ([0-9.eE+-]+)").matcher(block);
        assertTrue(m.find(), key + " missing in\n" + block);
        assertTrue(Double.parseDouble(m.group(1)) > 0, key + " is not positive in\n" + block);
    }
}
