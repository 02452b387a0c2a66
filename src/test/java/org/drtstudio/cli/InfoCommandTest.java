package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/** drt info says where the time of an import went: the reader's phases, the build's, and a total that covers them. */
class InfoCommandTest {
    @TempDir
    Path dir;

    @Test
    void infoReportsImportAndBuildPhases() throws Exception {
        StringBuilder obj = new StringBuilder();
        int n = 60;
        for (int i = 0; i <= n; i++) for (int j = 0; j <= n; j++) obj.append("v ").append(i).append(' ').append(j).append(' ').append((i * j) % 7 * 0.1).append('\n');
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
            int a = i * (n + 1) + j + 1, b = a + 1, c = a + n + 1, d = c + 1;
            obj.append("f ").append(a).append(' ').append(b).append(' ').append(d).append('\n');
            obj.append("f ").append(a).append(' ').append(d).append(' ').append(c).append('\n');
        }
        Path file = dir.resolve("grid.obj");
        Files.writeString(file, obj);
        CliHarness cli = new CliHarness();
        assertEquals(0, cli.drt("info", file.toString()), cli.err());
        String out = cli.out.toString();
        assertTrue(out.contains("triangles    7,200"), out);

        double[] importPhases = numbers(line(out, "import time"), "read \\+ parse", "triangles \\+ normals", "framing");
        double[] buildPhases = numbers(line(out, "build time"), "hierarchy", "packing", "box layout");
        double total = first(line(out, "total"));
        double importTotal = first(line(out, "import time")), buildTotal = first(line(out, "build time"));
        assertEquals(Arrays.stream(importPhases).sum(), importTotal, 0.15, out);
        assertEquals(Arrays.stream(buildPhases).sum(), buildTotal, 0.15, out);
        assertTrue(total >= importTotal + buildTotal - 0.2, "the total covers the phases:\n" + out);
        assertTrue(Arrays.stream(importPhases).allMatch(v -> v >= 0) && importPhases[0] > 0, out);
    }

    @Test
    void infoReadsPlyAndGltfWithTheirCountsAndPhases() throws Exception {
        Path ply = dir.resolve("cube.ply");
        Files.write(ply, org.drtstudio.io.ply.PlyFiles.cubeAndNotch().bytes("binary_big_endian"));
        Path glb = dir.resolve("boxes.glb");
        Files.write(glb, org.drtstudio.io.gltf.GltfFiles.sample().glb());
        CliHarness cli = new CliHarness();
        assertEquals(0, cli.drt("info", ply.toString()), cli.err());
        String out = cli.out.toString();
        assertTrue(out.contains("triangles    15"), out);
        numbers(line(out, "import time"), "read \\+ parse", "triangles \\+ normals", "framing");
        CliHarness gltf = new CliHarness();
        assertEquals(0, gltf.drt("info", glb.toString()), gltf.err());
        String g = gltf.out.toString();
        assertTrue(g.contains("triangles    12") && g.contains("instances    2 (24 primitives placed)"), "one box mesh placed twice:\n" + g);
        numbers(line(g, "import time"), "read \\+ parse", "meshes \\+ nodes");
    }

    private static String line(String out, String label) {
        return out.lines().filter(l -> l.startsWith(label)).findFirst().orElseThrow(() -> new AssertionError("no " + label + " in\n" + out));
    }

    private static double first(String line) {
        Matcher m = Pattern.compile("([0-9][0-9,]*\\.[0-9]) ms").matcher(line);
        assertTrue(m.find(), line);
        return Double.parseDouble(m.group(1).replace(",", ""));
    }

    private static double[] numbers(String line, String... names) {
        double[] v = new double[names.length];
        for (int i = 0; i < names.length; i++) {
            Matcher m = Pattern.compile(names[i] + " ([0-9][0-9,]*\\.[0-9])").matcher(line);
            assertTrue(m.find(), names[i] + " in " + line);
            v[i] = Double.parseDouble(m.group(1).replace(",", ""));
        }
        return v;
    }

    @Test
    void infoOfAVoxelModelSaysItsSizeAndWhatPortalsBuild() {
        CliHarness cli = new CliHarness();
        assertEquals(0, cli.drt("info", "scenes/room.vxt"), cli.err());
        String out = cli.out.toString();
        assertTrue(out.contains("voxels       1 model: 11×5×9 ("), out);
        assertTrue(out.matches("(?s).*portals      \\d+ divs, [0-9,]+ bytes, built in [0-9.]+ ms \\(--accel portals\\)\\n.*"), out);
        CliHarness mesh = new CliHarness();
        assertEquals(0, mesh.drt("info", "scenes/default.nff"), mesh.err());
        assertFalse(mesh.out.toString().contains("voxels"), "no voxel lines for meshes");
    }
}
