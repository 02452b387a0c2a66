package org.drtstudio.io.obj;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.drtstudio.io.obj.ObjTestSupport.mesh;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 200 seeded garbage files (random bytes, token soup of OBJ keywords and numbers, truncated and
 * corrupted real files): each loads or throws {@link SceneFormatException} naming the file, within
 * a few seconds, never another exception.
 */
class ObjGarbageTest {
    private static final long SEED = 20240611L;
    private static final String[] KEYWORDS = {"v", "v", "v", "vt", "vn", "f", "f", "f", "F", "l", "p", "s", "g", "o",
            "usemtl", "mtllib", "vp", "vw", "t", "#", "", "curv", "\\", "fo", "V"};
    private static final String[] TOKENS = {"0", "1", "2", "3", "-1", "-2", "-3", "7", "12", "-40", "0.5", ".5", "-.25",
            "1e-005", "1e39", "-1e39", "nan", "NaN", "inf", "Infinity", "1.#IND", "3.1+e2", "1/1/1", "2//1", "1/2",
            "-1/-1/-1", "3/", "/", "//", "-", "99999999999", "4294967297", "abc", "off", "on", "\\", "#", "1,5",
            "0x1p3", "1f", "\t", "é", "\u0000", "lib.mtl", "."};

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> garbageLoadsOrFailsCleanly() throws Exception {
        Random random = new Random(SEED);
        List<Path> realFiles = realFiles();
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            byte[] content;
            String kind;
            switch (i % 4) {
                case 0 -> {
                    kind = "random-bytes";
                    content = new byte[random.nextInt(4000)];
                    random.nextBytes(content);
                }
                case 1 -> {
                    kind = "token-soup";
                    content = tokenSoup(random).getBytes(StandardCharsets.UTF_8);
                }
                case 2 -> {
                    kind = "truncated";
                    byte[] real = Files.readAllBytes(realFiles.get(random.nextInt(realFiles.size())));
                    content = java.util.Arrays.copyOf(real, random.nextInt(real.length + 1));
                }
                default -> {
                    kind = "corrupted";
                    content = Files.readAllBytes(realFiles.get(random.nextInt(realFiles.size())));
                    for (int k = 1 + random.nextInt(20); k > 0 && content.length > 0; k--) {
                        content[random.nextInt(content.length)] = (byte) random.nextInt(256);
                    }
                }
            }
            Path file = dir.resolve(String.format("garbage-%03d-%s.obj", i, kind));
            Files.write(file, content);
            tests.add(DynamicTest.dynamicTest(file.getFileName().toString(), () -> assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                try {
                    assertSane(ObjReader.read(file));
                } catch (SceneFormatException e) {
                    assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
                    assertTrue(e.getMessage().length() < 400, "a one-line message: " + e.getMessage());
                }
            })));
        }
        return tests.stream();
    }

    /** Invariants every imported scene must hold, however odd the input. */
    static void assertSane(ImportResult result) {
        TriangleMesh m = mesh(result);
        for (float p : m.positions()) assertTrue(Float.isFinite(p));
        for (int v = 0; v < m.vertexCount(); v++) {
            float[] n = m.normals();
            double length = Math.sqrt(n[3 * v] * n[3 * v] + n[3 * v + 1] * n[3 * v + 1] + n[3 * v + 2] * n[3 * v + 2]);
            assertEquals(1.0, length, 1e-4, "unit normal at vertex " + v);
        }
        if (m.texCoords() != null) for (float t : m.texCoords()) assertTrue(Float.isFinite(t));
        for (int material : m.triangleMaterials()) {
            assertTrue(material >= 0 && material < result.scene().materials().size());
        }
        Camera camera = result.scene().camera();
        assertTrue(camera.eye().isFinite() && camera.look().isFinite());
        assertTrue(result.scene().lights().get(0).position().isFinite());
    }

    private static String tokenSoup(Random random) {
        StringBuilder sb = new StringBuilder();
        if (random.nextBoolean()) sb.append("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\n");
        int lines = 1 + random.nextInt(80);
        for (int l = 0; l < lines; l++) {
            sb.append(KEYWORDS[random.nextInt(KEYWORDS.length)]);
            int tokens = random.nextInt(9);
            for (int t = 0; t < tokens; t++) {
                sb.append(random.nextInt(6) == 0 ? "\t" : " ");
                sb.append(random.nextInt(3) == 0 ? Integer.toString(random.nextInt(9) - 3) : TOKENS[random.nextInt(TOKENS.length)]);
            }
            sb.append(random.nextInt(5) == 0 ? "\r\n" : "\n");
        }
        return sb.toString();
    }

    private static List<Path> realFiles() throws Exception {
        try (Stream<Path> walk = Files.walk(ObjTestSupport.resource(""))) {
            return walk.filter(p -> p.toString().endsWith(".obj") && Files.isRegularFile(p)).sorted().toList();
        }
    }
}
