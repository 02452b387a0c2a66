package org.drtstudio.io.obj;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.drtstudio.io.obj.PlainObjParserTest.assertSameGeometry;
import static org.drtstudio.io.obj.PlainObjParserTest.validating;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The fast path reads a file the same whatever its chunks: chunk boundaries at every byte of small
 * files, files read whole or by chunks that each read their own range, and every OBJ of the test
 * resources and of the shared collection (its edge cases included) read as the validating path reads
 * it; and the importer's results and messages are those of the validating path alone.
 */
class PlainObjChunkingTest {
    @TempDir
    Path dir;

    /** Statements of every kind, relative indices, CR LF, a byte order mark and no final newline. */
    private static final String RICH = "\uFEFF# rich\r\nmtllib a.mtl\r\nv 0 0 0\r\nv 1 0 0\nv 0 1 0\nv 1 1 0\nvt 0.5 0.25\nvn 0 0 1\n"
            + "g top\nusemtl red\ns 2\nf 1/1/1 2/1/1 3/1/1\nf -1/-1/-1 -3/1/1 -2/1/1\ns off\nusemtl blue\n\n  f 1 2 3 4\n"
            + "o thing\ns 02\nusemtl red\nf -4 -3 -2\nv 2 2 2\nf -1 -2 -3";

    @Test
    void aChunkBoundaryAtEveryByteReadsTheSame() throws Exception {
        Path f = write(RICH);
        ObjGeometry expected = validating(f);
        for (int chunk = 1; chunk <= RICH.length() + 1; chunk++) {
            for (long whole : new long[]{Long.MAX_VALUE, 0}) {
                ObjGeometry fast = PlainObjParser.parse(f, chunk, whole).geometry();
                String what = "chunks of " + chunk + (whole == 0 ? " bytes read by chunks" : " bytes of the whole file");
                assertNotNull(fast, what);
                assertSameGeometry(expected, fast, what);
            }
        }
    }

    /** The warm-up's ends (parsed on the calling thread before the pool takes the chunks between) may fall anywhere. */
    @Test
    void warmUpEndsAnywhereReadTheSame() throws Exception {
        Path f = write(RICH);
        ObjGeometry expected = validating(f);
        for (long ends = 1; 2 * ends <= RICH.length() + 2; ends++) {
            for (int chunk : new int[]{1, 3, 17, RICH.length()}) {
                ObjGeometry fast = PlainObjParser.parse(f, chunk, 0, ends).geometry();
                String what = "ends of " + ends + ", chunks of " + chunk;
                assertNotNull(fast, what);
                assertSameGeometry(expected, fast, what);
            }
        }
        for (String text : PlainObjParserTest.NOT_PLAIN) {
            assertNull(PlainObjParser.parse(write(text), 2, 0, 3).geometry(), "the ends decline too\n" + text);
        }
    }

    @Test
    void theWarmUpIsForLargeFilesOnManyCores() {
        long large = 32L * PlainObjParser.WARM_UP_BYTES;
        assertEquals(PlainObjParser.WARM_UP_BYTES, PlainObjParser.warmUpBytes(large, 16));
        assertEquals(0, PlainObjParser.warmUpBytes(large - 1, 16));
        assertEquals(0, PlainObjParser.warmUpBytes(large, 7), "few cores: a cold parse barely contends");
        assertEquals(PlainObjParser.WARM_UP_BYTES, PlainObjParser.warmUpBytes(large, 8));
        List<long[]> ranges = PlainObjParser.ranges(3, 100, 30, 10);
        assertEquals(List.of("3-13", "13-43", "43-73", "73-90", "90-100"), ranges.stream().map(r -> r[0] + "-" + r[1]).toList());
        assertEquals(List.of("0-30", "30-60", "60-90", "90-100"),
                PlainObjParser.ranges(0, 100, 30, 0).stream().map(r -> r[0] + "-" + r[1]).toList(), "no ends: chunks as before");
    }

    @Test
    void plainTextsReadTheSameInTinyChunks() throws Exception {
        for (String text : PlainObjParserTest.PLAIN) {
            Path f = write(text);
            ObjGeometry expected = validating(f);
            for (int chunk : new int[]{1, 2, 3, 7}) {
                for (long whole : new long[]{Long.MAX_VALUE, 0}) {
                    ObjGeometry fast = PlainObjParser.parse(f, chunk, whole).geometry();
                    assertNotNull(fast, "chunks of " + chunk + ":\n" + text);
                    assertSameGeometry(expected, fast, "chunks of " + chunk + ":\n" + text);
                }
            }
        }
    }

    @Test
    void whatIsNotPlainIsDeclinedInTinyChunksToo() throws Exception {
        for (String text : PlainObjParserTest.NOT_PLAIN) {
            Path f = write(text);
            for (int chunk : new int[]{1, 2, 5}) {
                for (long whole : new long[]{Long.MAX_VALUE, 0}) {
                    assertNull(PlainObjParser.parse(f, chunk, whole).geometry(), "chunks of " + chunk + " decline\n" + text);
                }
            }
        }
    }

    /** A line longer than the fast path reads is declined even where it crosses a chunk's read-ahead. */
    @Test
    void aLongLineAcrossChunksIsDeclined() throws Exception {
        String longLine = "g " + "x".repeat(PlainObjParser.MAX_LINE + 10) + "\n";
        Path f = write("v 0 0 0\nv 1 0 0\nv 0 1 0\n" + longLine + "f 1 2 3\n");
        for (int chunk : new int[]{5, 1000, 4096}) {
            assertNull(PlainObjParser.parse(f, chunk, 0).geometry(), "chunks of " + chunk);
            assertNull(PlainObjParser.parse(f, chunk, Long.MAX_VALUE).geometry(), "chunks of " + chunk);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyResourceObjReadsAsTheValidatingPathReadsIt() throws IOException {
        return agreement(Path.of("src/test/resources/data"));
    }

    @TestFactory
    Stream<DynamicTest> everySharedObjReadsAsTheValidatingPathReadsIt() throws IOException {
        return agreement(TestData.sharedRoot().resolve("obj"));
    }

    private static Stream<DynamicTest> agreement(Path root) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".obj")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no OBJ files under " + root);
        return files.stream().map(f -> DynamicTest.dynamicTest(root.relativize(f).toString(), () -> agree(f)));
    }

    /**
     * The fast path, whole and by chunks of 4 KB (and of 1 byte for small files), gives the validating
     * path's geometry or declines; the importer gives the validating importer's mesh and warnings, or
     * its very message.
     */
    private static void agree(Path f) throws Exception {
        ObjGeometry expected;
        try {
            expected = validating(f);
        } catch (Exception malformed) {
            expected = null;
        }
        int[] chunks = Files.size(f) <= 8192 ? new int[]{0, 4096, 1} : new int[]{0, 4096};
        for (int chunk : chunks) {
            for (long whole : new long[]{Long.MAX_VALUE, 0}) {
                ObjGeometry fast = PlainObjParser.parse(f, chunk, whole).geometry();
                if (fast == null) continue;
                assertNotNull(expected, "the fast path read a file the validating path refuses");
                assertSameGeometry(expected, fast, f + " in chunks of " + chunk + (whole == 0 ? ", read by chunks" : ""));
            }
        }
        assertSameImport(f);
    }

    private static void assertSameImport(Path f) throws IOException {
        ImportResult fast = null, validating = null;
        String fastError = null, validatingError = null;
        try {
            fast = ObjReader.read(f, true);
        } catch (SceneFormatException e) {
            fastError = e.getMessage();
        }
        try {
            validating = ObjReader.read(f, false);
        } catch (SceneFormatException e) {
            validatingError = e.getMessage();
        }
        assertEquals(validatingError, fastError, "the message for " + f);
        if (fast == null) return;
        assertEquals(validating.warnings(), fast.warnings(), "warnings of " + f);
        assertEquals(validating.scene().materials().stream().map(Material::name).toList(),
                fast.scene().materials().stream().map(Material::name).toList(), "materials of " + f);
        TriangleMesh a = ObjTestSupport.mesh(validating), b = ObjTestSupport.mesh(fast);
        assertArrayEquals(a.positions(), b.positions(), "positions of " + f);
        assertArrayEquals(a.normals(), b.normals(), "normals of " + f);
        assertArrayEquals(a.texCoords(), b.texCoords(), "texture coordinates of " + f);
        assertArrayEquals(a.indices(), b.indices(), "indices of " + f);
        assertArrayEquals(a.triangleMaterials(), b.triangleMaterials(), "triangle materials of " + f);
    }

    private Path write(String text) throws IOException {
        Path f = Files.createTempFile(dir, "chunks", ".obj");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }
}
