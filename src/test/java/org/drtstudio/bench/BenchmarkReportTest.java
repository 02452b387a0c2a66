package org.drtstudio.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class BenchmarkReportTest {
    @TempDir
    Path dir;

    private static Map<String, Object> run(String renderer, int cores, double primary, double frameMs, double buildRate) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("suite", "full");
        root.put("suite_version", 2);
        root.put("date", "2026-11-22T09:00:00Z");
        root.put("cpu", "Test CPU");
        root.put("cores", cores);
        root.put("gl_renderer", renderer);
        root.put("gl_version", "4.6.0 TEST 1.0");
        root.put("driver", "TEST 1.0");
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("resolution", "1920x1080");
        settings.put("repeats", 5);
        settings.put("frame_repeats", 3);
        settings.put("frame_resolution", "1920x1080");
        settings.put("cpu_threads", cores);
        root.put("settings", settings);
        Map<String, Object> scenes = new LinkedHashMap<>();
        for (String name : new String[]{"balls_s4", "bunny_1m"}) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("triangles", 1_111_216);
            s.put("primitives", 1_111_216);
            s.put("build_mprims_per_s", buildRate);
            s.put("bytes_per_primitive", 60.0);
            s.put("primary_mrays_per_s", primary);
            s.put("shadow_mrays_per_s", 2 * primary);
            s.put("glossy_mrays_per_s", primary / 2);
            s.put("frame_ms_scaled", frameMs);
            s.put("cpu_primary_mrays_per_s", 1.5);
            if (cores > 2) { // the GPU run also measured the traversal variants
                for (String rays : new String[]{"coherent", "incoherent"}) {
                    for (String v : new String[]{"spheres", "spheres_paired", "boxes", "boxes_ordered", "boxes_wide4", "box_layout"}) {
                        s.put("variant_" + rays + "_" + v + "_mrays_per_s", primary * (v.length() % 5 + 1));
                    }
                }
                s.put("variants_same_hits", true);
            }
            scenes.put(name, s);
        }
        root.put("scenes", scenes);
        Map<String, Object> skipped = new LinkedHashMap<>();
        skipped.put("lucy", "missing /nowhere/lucy.obj");
        root.put("skipped", skipped);
        return root;
    }

    @Test
    void pageKeepsItsProseAndShowsBothMachinesTargetsAndPlot() throws Exception {
        Path data = Files.createDirectories(dir.resolve("bench"));
        Files.writeString(data.resolve("full-gpu.json"), BenchmarkJson.write(run("NVIDIA H100 80GB HBM3/PCIe/SSE2", 16, 2500, 120, 1)));
        Files.writeString(data.resolve("full-llvmpipe.json"), BenchmarkJson.write(run("llvmpipe (LLVM 15.0.6, 256 bits)", 2, 0.5, 1e5, 2.5)));
        Files.writeString(data.resolve("other.json"), "{\"suite\": \"instancing\"}\n");
        Path page = dir.resolve("BENCHMARKS.md");
        Files.writeString(page, "# Benchmarks\n\nMethod text.\n\n" + BenchmarkReport.BEGIN + "\nstale\n" + BenchmarkReport.END + "\n\nClosing text.\n");

        BenchmarkReport.Written w = BenchmarkReport.generate(data, page);
        assertEquals(2, w.runs(), "the instancing JSON is not a full-suite run");
        String text = Files.readString(page);
        assertTrue(text.startsWith("# Benchmarks\n\nMethod text.\n\n"), text);
        assertTrue(text.endsWith("Closing text.\n"), text);
        assertFalse(text.contains("stale"), text);
        assertTrue(text.indexOf("### NVIDIA H100 80GB HBM3") < text.indexOf("### llvmpipe"), "GPU first:\n" + text);
        assertTrue(text.contains("| bunny_1m | 1,111,216 |"), text);
        assertTrue(text.contains("lucy (missing /nowhere/lucy.obj)"), text);
        assertTrue(text.contains("![Mrays/s per scene and ray type, log scale](bench/mrays.png)"), text);
        assertTrue(text.contains("(bench/variants.png)"), "the variants plot of the GPU run: " + text);
        assertTrue(text.contains("| bunny_1m | 7,500 | 12,500 | 2,500 | 10,000 | 5,000 |"), "the variant table: " + text);
        assertTrue(text.contains("Every variant found the same hits on every scene."), text);
        List<String> wide = text.lines().filter(l -> l.startsWith("|") && l.length() > 120).toList();
        assertEquals(List.of(), wide, "table rows a reader can take in");
        // 2,500 ≥ 2,000 primary; shadow 5,000 ≥ 3,000; glossy 1,250 ≥ 500; frame 120 ms > 100 ms; 2.5 ≥ 2 M/s build.
        assertTrue(text.contains("≥ 2,000 Mrays/s | NVIDIA H100 80GB HBM3 (16 cores) | 2,500 | yes |"), text);
        assertTrue(text.contains("≤ 100 ms | NVIDIA H100 80GB HBM3 (16 cores) | 120 | **no** |"), text);
        assertTrue(text.contains("≥ 2 M triangles/s | llvmpipe (2 cores) | 2.50 | yes |"), text);

        BufferedImage plot = ImageIO.read(w.plot().toFile());
        assertNotNull(plot);
        int colored = 0;
        for (int y = 0; y < plot.getHeight(); y++) {
            for (int x = 0; x < plot.getWidth(); x++) {
                int rgb = plot.getRGB(x, y) & 0xffffff;
                if (rgb == 0x1b9e77) colored++;
            }
        }
        assertTrue(colored > 500, "the first series' bars are drawn: " + colored + " pixels");
        BufferedImage variants = ImageIO.read(w.variantsPlot().toFile());
        assertNotNull(variants);
        int orange = 0; // the second variant's colour
        for (int y = 0; y < variants.getHeight(); y++) {
            for (int x = 0; x < variants.getWidth(); x++) if ((variants.getRGB(x, y) & 0xffffff) == 0xd95f02) orange++;
        }
        assertTrue(orange > 200, "the variants' bars are drawn: " + orange + " pixels");

        BenchmarkReport.generate(data, page);
        assertEquals(text, Files.readString(page), "regenerating changes nothing");
    }

    @Test
    void folderWithoutFullRunsIsAClearError() throws Exception {
        Files.writeString(dir.resolve("x.json"), "{\"suite\": \"quick\"}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkReport.generate(dir, dir.resolve("B.md")));
        assertTrue(e.getMessage().contains("no full-suite JSON"), e.getMessage());
    }
}
