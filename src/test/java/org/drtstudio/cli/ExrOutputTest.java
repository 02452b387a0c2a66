package org.drtstudio.cli;

import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt render -o x.exr --aov depth,normal,albedo} writes one EXR whose layers another tool
 * (OpenImageIO's {@code oiiotool}, Debian's openimageio-tools, installed by scripts/test.sh) reads
 * back with the values of the PFMs the same render writes beside a PNG.
 */
class ExrOutputTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();

    private int drt(String... args) {
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(2));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out);
        return out;
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) if (Files.isExecutable(Path.of(d, tool))) return true;
        return false;
    }

    @Test
    void theExrsLayersReadByAnotherToolEqualThePfms() throws Exception {
        Assumptions.assumeTrue(onPath("oiiotool") && onPath("iinfo"), "oiiotool is absent (apt-get install openimageio-tools; scripts/test.sh does)");
        String[] common = {"render", "scenes/default.nff", "--width", "40", "--height", "30", "--spp", "2", "--aov", "depth,normal,albedo,noisy"};
        Path png = dir.resolve("r.png"), exr = dir.resolve("r.exr");
        assertEquals(0, drt(concat(common, "-o", png.toString())), err.toString());
        assertEquals(0, drt(concat(common, "-o", exr.toString(), "--exr-precision", "float")), err.toString());
        assertFalse(Files.exists(dir.resolve("r.depth.pfm").resolveSibling("r.exr.depth.pfm")));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("r.albedo.pfm", "r.depth.pfm", "r.exr", "r.noisy.pfm", "r.normal.pfm", "r.png"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "the EXR holds its AOVs; no PFM beside it");
        }
        // the channel order oiiotool dumps them in, from iinfo
        String info = run("iinfo", "-v", exr.toString());
        String list = info.lines().filter(l -> l.trim().startsWith("channel list:")).findFirst().orElseThrow();
        List<String> channels = new ArrayList<>();
        for (String c : list.substring(list.indexOf(':') + 1).split(",")) channels.add(c.trim().split(" ")[0]);
        assertTrue(channels.containsAll(List.of("R", "G", "B", "A", "depth.Z", "normal.X", "normal.Y", "normal.Z", "albedo.R", "noisy.G")),
                channels.toString());
        float[][] dump = new float[channels.size()][40 * 30];
        for (String line : run("oiiotool", "--dumpdata", exr.toString()).lines().toList()) {
            String t = line.trim();
            if (!t.startsWith("Pixel (")) continue;
            String[] xy = t.substring(7, t.indexOf(')')).split(",");
            int x = Integer.parseInt(xy[0].trim()), y = Integer.parseInt(xy[1].trim());
            String[] v = t.substring(t.indexOf(':') + 1).trim().split("\\s+");
            for (int c = 0; c < channels.size(); c++) dump[c][y * 40 + x] = parse(v[c]);
        }
        compare(dump, channels, "depth", new String[] {"Z"}, PfmWriter.read(dir.resolve("r.depth.pfm"), new int[3]));
        compare(dump, channels, "normal", new String[] {"X", "Y", "Z"}, PfmWriter.read(dir.resolve("r.normal.pfm"), new int[3]));
        compare(dump, channels, "albedo", new String[] {"R", "G", "B"}, PfmWriter.read(dir.resolve("r.albedo.pfm"), new int[3]));
        compare(dump, channels, "noisy", new String[] {"R", "G", "B"}, PfmWriter.read(dir.resolve("r.noisy.pfm"), new int[3]));
        // the picture is the same linear radiance (no denoising here): RGB equal the noisy layer, A is 1
        compare(dump, channels, "", new String[] {"R", "G", "B"}, PfmWriter.read(dir.resolve("r.noisy.pfm"), new int[3]));
        for (float a : dump[channels.indexOf("A")]) assertEquals(1f, a);
        assertTrue(run("exrheader", exr.toString()).contains("depth.Z, 32-bit floating-point"), "OpenEXR's own tool reads the header");
    }

    @Test
    void halfIsTheDefaultAndABadPrecisionIsOneLine() throws Exception {
        Path exr = dir.resolve("h.exr");
        assertEquals(0, drt("render", "scenes/default.nff", "--width", "8", "--height", "6", "-o", exr.toString()), err.toString());
        var back = org.drtstudio.io.image.exr.TinyExr.decode(Files.readAllBytes(exr));
        assertTrue(back.channel("R").half());
        assertEquals(List.of("A", "B", "G", "R"), back.channels().stream().map(c -> c.name()).sorted().toList());
        err.getBuffer().setLength(0);
        assertEquals(2, drt("render", "scenes/default.nff", "-o", dir.resolve("b.exr").toString(), "--exr-precision", "double"));
        assertTrue(err.toString().contains("--exr-precision is half or float, got 'double'"), err.toString());
    }

    private static void compare(float[][] dump, List<String> channels, String layer, String[] suffixes, float[] pfm) {
        int n = suffixes.length;
        for (int c = 0; c < n; c++) {
            int column = channels.indexOf(layer.isEmpty() ? suffixes[c] : layer + "." + suffixes[c]);
            assertTrue(column >= 0, layer + "." + suffixes[c]);
            for (int i = 0; i < dump[column].length; i++) {
                float expected = pfm[i * n + c], actual = dump[column][i];
                if (Float.isInfinite(expected)) assertEquals(expected, actual, layer + " at " + i);
                else assertEquals(expected, actual, 1e-6 * Math.max(1, Math.abs(expected)), layer + "." + suffixes[c] + " at pixel " + i);
            }
        }
    }

    private static float parse(String v) {
        return switch (v) {
            case "inf" -> Float.POSITIVE_INFINITY;
            case "-inf" -> Float.NEGATIVE_INFINITY;
            case "nan" -> Float.NaN;
            default -> Float.parseFloat(v);
        };
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
