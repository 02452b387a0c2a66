package org.drtstudio.io;

import org.drtstudio.io.project.SceneLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.*;

/** Loading with a progress listener reports the share of the scene file read, and nothing else. */
class ReadProgressTest {
    @TempDir
    Path dir;

    @Test
    void nffProgressRisesByPercentsToOne() throws Exception {
        StringBuilder nff = new StringBuilder("v\nfrom 0 0 10\nat 0 0 0\nup 0 1 0\nangle 40\nhither 1\nresolution 64 64\nl 0 10 10\nf 1 0 0 1 0 0 0 1\n");
        for (int i = 0; i < 30_000; i++) nff.append(String.format(Locale.ROOT, "s %d %d 0 0.25\n", i % 100, i / 100));
        Path file = dir.resolve("many.nff");
        Files.writeString(file, nff);
        assertTrue(Files.size(file) > 400_000);
        List<Double> seen = new ArrayList<>();
        ImportResult r = SceneLoader.load(file, seen::add);
        assertFalse(r.scene().lights().isEmpty());
        assertTrue(seen.size() >= 30, "reported " + seen.size() + " times");
        for (int i = 1; i < seen.size(); i++) assertTrue(seen.get(i) > seen.get(i - 1), "rises: " + seen);
        assertEquals(1.0, seen.get(seen.size() - 1), "ends at the whole file");
        // The registration ends with the load: a later plain load on this thread reports nothing.
        int before = seen.size();
        SceneLoader.load(file);
        assertEquals(before, seen.size());
    }

    @Test
    void objProgressCountsTheObjNotItsMtl() throws Exception {
        StringBuilder obj = new StringBuilder("mtllib m.mtl\nusemtl red\n");
        for (int i = 0; i < 5_000; i++) obj.append(String.format(Locale.ROOT, "v %d 0 0\nv %d 1 0\nv %d 0 1\n", i, i, i));
        for (int i = 0; i < 5_000; i++) obj.append(String.format(Locale.ROOT, "f %d %d %d\n", 3 * i + 1, 3 * i + 2, 3 * i + 3));
        Files.writeString(dir.resolve("m.mtl"), "newmtl red\nKd 1 0 0\n" + "# padding\n".repeat(20_000));
        Path file = dir.resolve("tri.obj");
        Files.writeString(file, obj);
        List<Double> seen = new ArrayList<>();
        SceneLoader.load(file, seen::add);
        assertFalse(seen.isEmpty());
        for (double f : seen) assertTrue(f >= 0 && f <= 1, "fraction " + f);
        assertEquals(1.0, seen.get(seen.size() - 1));
        assertEquals(seen.size(), seen.stream().distinct().count(), "no fraction twice: " + seen);
    }

    @Test
    void onlyTheTrackedFileIsCounted() throws Exception {
        Path obj = dir.resolve("a.obj"), mtl = dir.resolve("a.mtl");
        Files.writeString(obj, "v 0 0 0\n");
        Files.writeString(mtl, "newmtl x\n");
        try (var in = Files.newInputStream(mtl); var other = Files.newInputStream(obj)) {
            assertSame(in, ReadProgress.track(mtl, in), "nothing tracked on this thread");
            ReadProgress.start(obj, f -> { });
            try {
                assertSame(in, ReadProgress.track(mtl, in), "another file (an MTL, a texture) is not counted");
                assertNotSame(other, ReadProgress.track(dir.resolve(".").resolve("a.obj"), other), "the tracked file is, by any path");
            } finally {
                ReadProgress.stop();
            }
        }
    }
}
