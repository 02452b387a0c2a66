package org.drtstudio.io.project;

import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A process saving a project is killed with SIGKILL at random moments; the project file must then
 * always be a complete, valid project: the one from before or a newer complete generation.
 */
class AtomicSaveTest {
    private static final int KILLS = 6;

    @TempDir
    Path dir;

    @Test
    void killedMidSaveLeavesTheOldOrTheNewFileNeverAMix() throws Exception {
        Path target = dir.resolve("big.json");
        ProjectFiles.write(SaveLoop.generation(0), target);
        Random rnd = new Random(42);
        int interrupted = 0, lastGen = 0;
        for (int round = 0; round < KILLS; round++) {
            Process child = startSaver(target);
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String first = out.readLine(); // the loop is running and saving
                if (first == null) fail("the saver died: " + Files.readString(dir.resolve("saver.err")));
                Thread.sleep(rnd.nextInt(400));
                child.destroyForcibly(); // SIGKILL on Linux and macOS: no shutdown hooks, no finally blocks
                assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            }
            if (leftovers().size() > 0) interrupted++; // the kill landed inside a save
            SceneModel model = ProjectFiles.read(target).model();
            assertTrue(model.name().matches("gen \\d+"), model.name());
            int gen = Integer.parseInt(model.name().substring(4));
            assertTrue(gen >= 1, "a complete generation was saved before the kill");
            assertEquals(SaveLoop.VERTICES, ((MeshLeaf) model.node(1).orElseThrow()).mesh().vertexCount());
            assertArrayEquals(ProjectFiles.encode(SaveLoop.generation(gen), target), Files.readAllBytes(target),
                    "the file is exactly generation " + gen);
            lastGen = gen;
            for (Path tmp : leftovers()) Files.delete(tmp);
        }
        assertTrue(interrupted > 0, "no kill landed inside a save; the test proved nothing (last generation " + lastGen + ")");
    }

    private List<Path> leftovers() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return new ArrayList<>(files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList());
        }
    }

    /** The saver's stdout is read only up to its first line, so it goes to a file rather than a pipe that could fill. */
    private Process startSaver(Path target) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                SaveLoop.class.getName(), target.toString())
                .redirectError(dir.resolve("saver.err").toFile())
                .start();
    }
}
