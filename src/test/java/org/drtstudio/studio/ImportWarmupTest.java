package org.drtstudio.studio;

import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

class ImportWarmupTest {

    /** The model is a plain OBJ the fast import path takes, of about the triangles asked for. */
    @Test
    void writesAPlainObjOfAboutTheTrianglesAsked(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sphere.obj");
        ImportWarmup.writeBumpySphere(file, 20_000);
        for (String line : Files.readAllLines(file)) assertTrue(line.startsWith("v ") || line.startsWith("f ") || line.startsWith("# "), line);
        var result = SceneLoader.load(file);
        int triangles = triangles(result.scene().root());
        assertTrue(triangles > 18_000 && triangles <= 20_000, triangles + " triangles");
        assertTrue(result.warnings().isEmpty(), result.warnings().toString());
    }

    /** The last round's model, made in memory, is the sphere the files hold: the same vertices and triangles. */
    @Test
    void theBuildOnlyRoundIsTheSameSphereMadeInMemory(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sphere.obj");
        ImportWarmup.writeBumpySphere(file, 20_000);
        MeshNode read = (MeshNode) ((TransformNode) SceneLoader.load(file).scene().root()).children().get(0);
        var made = ImportWarmup.bumpySphere(20_000);
        assertEquals(read.mesh().triangleCount(), made.triangleCount());
        // The reader numbers vertices in the order faces first use them: compare corner by corner.
        for (int t = 0; t < made.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int r = read.mesh().indices()[3 * t + c], m = made.indices()[3 * t + c];
                for (int a = 0; a < 3; a++)
                    assertEquals(read.mesh().positions()[3 * r + a], made.positions()[3 * m + a], "triangle " + t + ", corner " + c);
            }
        }
    }

    /** It runs its rounds and leaves no file behind; a stopped warm-up runs none. */
    @Test
    void runsItsRoundsAndCleansUp(@TempDir Path dir) throws Exception {
        ImportWarmup w = new ImportWarmup(dir, 2_000, 5_000);
        w.run();
        assertEquals(2, w.roundsDone());
        assertTrue(w.millis() > 0);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }

        ImportWarmup withBuildOnly = new ImportWarmup(dir, new int[]{2_000}, 3_000);
        withBuildOnly.run();
        assertEquals(2, withBuildOnly.roundsDone(), "a file round and the round made in memory");

        ImportWarmup stopped = new ImportWarmup(dir, 2_000, 5_000);
        stopped.stop();
        stopped.run();
        assertEquals(0, stopped.roundsDone());
    }

    /** A JVM that ends in the middle of a round (a studio closed in its first seconds) leaves no model file behind. */
    @Test
    void aJvmEndingMidRoundLeavesNoFile(@TempDir Path dir) throws Exception {
        String command = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(command, "-cp", System.getProperty("java.class.path"), ImportWarmupExit.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the JVM did not end: " + output);
        assertTrue(output.contains("exiting mid-round"), output);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
    }

    private static int triangles(SceneNode n) {
        if (n instanceof MeshNode m) return m.mesh().triangleCount();
        int sum = 0;
        if (n instanceof TransformNode t) for (SceneNode c : t.children()) sum += triangles(c);
        return sum;
    }
}
