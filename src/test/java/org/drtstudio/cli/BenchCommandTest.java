package org.drtstudio.cli;

import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.GlUnavailableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        assertEquals(0, cl.execute("bench", "--suite", "quick", "--backend", "cpu", "--scenes", "spheres_512",
                "--json", json.toString()), err.toString());
        String text = Files.readString(json);
        for (String key : new String[]{"mesh_triangles", "instances", "mesh_hierarchy_build_ms", "full_build_ms",
                "geometry_image_bytes", "top_level_bytes", "move_one_node_cpu_median_ms", "first_frame_ms",
                "frame_after_move_median_ms"}) {
            Matcher m = Pattern.compile("\"" + key + "\": ([0-9.eE+-]+)").matcher(text);
            assertTrue(m.find(), key + " missing in\n" + text);
            assertTrue(Double.parseDouble(m.group(1)) > 0, key + " is not positive in\n" + text);
        }
        assertTrue(text.contains("\"renderer\": \"CPU reference tracer"), text);
        assertTrue(err.toString().contains("measuring builds and the CPU baseline only"), err.toString());
        assertTrue(text.contains("\"cpu_primary_mrays_per_s\": "), text);
    }

    /** The CI smoke test of the scene suites: the GPU tracer (llvmpipe in CI) through the whole quick suite. */
    @Test
    void quickSuiteOnTheGpuMeasuresEverySceneWithPositiveFigures() throws Exception {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> {
            try {
                return GlRenderer.start();
            } catch (GlUnavailableException e) {
                throw new IllegalStateException(e.getMessage());
            }
        });
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        Path json = dir.resolve("quick.json");
        assertEquals(0, cl.execute("bench", "--suite", "quick", "--backend", "gpu", "--json", json.toString()), err.toString());
        String text = Files.readString(json);
        for (String key : new String[]{"suite_version", "cores", "gl_renderer", "gl_version", "driver", "cpu", "date"}) {
            assertTrue(text.contains("\"" + key + "\": "), key + " missing in\n" + text);
        }
        List<String> sceneKeys = List.of("primitives", "build_ms", "build_mprims_per_s", "geometry_image_bytes",
                "bytes_per_primitive", "upload_ms", "primary_hit_fraction", "primary_rays", "primary_mrays_per_s", "shadow_rays",
                "shadow_mrays_per_s", "glossy_rays", "glossy_mrays_per_s", "frame_ms", "frame_ms_scaled",
                "cpu_primary_mrays_per_s", "cpu_shadow_mrays_per_s", "cpu_glossy_mrays_per_s", "cpu_frame_ms",
                "box_layouts_bytes", "bytes_per_primitive_with_box_layouts", "variant_coherent_spheres_mrays_per_s",
                "variant_coherent_boxes_ordered_mrays_per_s", "variant_incoherent_spheres_paired_mrays_per_s",
                "variant_incoherent_boxes_mrays_per_s", "variant_coherent_box_layout_mrays_per_s", "box_layout_node_bytes",
                "box_layout_primitive_bytes", "octant_layouts_bytes");
        for (String scene : new String[]{"bumpy_sphere_20k", "spheres_512", "displaced_80k"}) {
            int at = text.indexOf("\"" + scene + "\": {");
            assertTrue(at >= 0, scene + " missing in\n" + text);
            String block = text.substring(at, text.indexOf('}', at));
            for (String key : sceneKeys) assertTrue(block.contains("\"" + key + "\": "), scene + " lacks " + key + ":\n" + block);
            assertTrue(block.contains("\"variants_same_hits\": true"), scene + ": a traversal variant missed a hit:\n" + block);
        }
        List<String> notPositive = new ArrayList<>();
        Matcher m = Pattern.compile("\"([a-z0-9_]+)\": (-?[0-9][0-9.eE+-]*|null)").matcher(text);
        int figures = 0;
        while (m.find()) {
            figures++;
            if (m.group(2).equals("null") || !(Double.parseDouble(m.group(2)) > 0)) notPositive.add(m.group(1) + " = " + m.group(2));
        }
        assertTrue(figures > 3 * sceneKeys.size(), "figures found: " + figures);
        assertEquals(List.of(), notPositive, "every figure is positive");
    }

    @Test
    void missingDataFilesAreNamedAndNothingLoadedFails() {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(1, cl.execute("bench", "--suite", "full", "--data", dir.toString(), "--scenes", "bunny,tetra_s6"));
        String text = err.toString();
        assertTrue(text.contains("skipping scene bunny: missing " + dir.resolve("obj/stanford_bunny/stanford-bunny.obj").toAbsolutePath()), text);
        assertTrue(text.contains("skipping scene tetra_s6: missing"), text);
        assertTrue(text.contains("no scene of the full suite could be loaded"), text);
    }

    @Test
    void badSizeIsRejected() {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("bench", "--suite", "quick", "--size", "640by480"));
        assertTrue(err.toString().contains("a size must look like 1920x1080, got '640by480'"), err.toString());
    }

    @Test
    void badSizeOfTheVoxelSuiteIsRejected() {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("bench", "--suite", "voxels", "--size", "huge"));
        assertTrue(err.toString().contains("a size must look like 1920x1080, got 'huge'"), err.toString());
    }

    @Test
    void unknownSceneIsRejected() {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("bench", "--suite", "full", "--scenes", "teapot"));
        assertTrue(err.toString().contains("unknown scene 'teapot'"), err.toString());
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
