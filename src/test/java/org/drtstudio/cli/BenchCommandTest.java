package org.drtstudio.cli;

import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/** Smoke test of drt bench: the JSON has its shape and every figure is positive. Speed is not checked. */
class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void quickSuiteWritesPositiveFigures() throws Exception {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(2));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        Path json = dir.resolve("bench.json");
        assertEquals(0, cl.execute("bench", "--suite", "quick", "--backend", "cpu", "--json", json.toString()), err.toString());
        String text = Files.readString(json);
        for (String key : new String[]{"mesh_triangles", "instances", "mesh_hierarchy_build_ms", "full_build_ms",
                "geometry_image_bytes", "top_level_bytes", "move_one_node_cpu_median_ms", "first_frame_ms",
                "frame_after_move_median_ms"}) {
            Matcher m = Pattern.compile("\"" + key + "\": ([0-9.eE+-]+)").matcher(text);
            assertTrue(m.find(), key + " missing in\n" + text);
            assertTrue(Double.parseDouble(m.group(1)) > 0, key + " is not positive in\n" + text);
        }
        assertTrue(text.contains("\"renderer\": \"CPU reference tracer"), text);
    }

    @Test
    void unknownSuiteIsRejected() {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("bench", "--suite", "nope"));
        assertTrue(err.toString().contains("nope"));
    }
}
