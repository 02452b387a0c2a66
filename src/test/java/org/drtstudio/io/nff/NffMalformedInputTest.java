package org.drtstudio.io.nff;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.drtstudio.io.nff.NffTestSupport.assertSane;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Broken input: each malformed case gives one clear line naming file, line and problem; generated
 * garbage either loads or fails that way, quickly, never with another exception.
 */
class NffMalformedInputTest {
    private static final Duration LIMIT = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    static Stream<Arguments> malformed() {
        String view = "v\nfrom 0 0 5\nat 0 0 0\nup 0 1 0\nangle 45\n";
        return Stream.of(
                arguments("unknown keyword", "s 0 0 0 1\nq 1 2 3\n", 2, "unknown keyword 'q'"),
                arguments("sphere too few numbers", "s 1 2 3\n", 1, "'s' takes 4 numbers"),
                arguments("from too few numbers", "v\nfrom 1 2\n", 2, "'from' takes 3 numbers"),
                arguments("v with values", "v 1\n", 1, "'v' starts the viewpoint block"),
                arguments("light two numbers", "l 1 2\n", 1, "'l' takes 3 numbers"),
                arguments("light five numbers", "l 1 2 3 4 5\n", 1, "'l' takes 3 numbers"),
                arguments("fill two numbers", "f 1 2\n", 1, "'f' takes 8 numbers"),
                arguments("fill nine numbers", "f 1 2 3 4 5 6 7 8 9\n", 1, "'f' takes 8 numbers"),
                arguments("fill word in the middle", "f 1 x 1 1 0 0 0 1\n", 1, "green must be a number, got 'x'"),
                arguments("fill negative shine", "f 1 1 1 1 0 -5 0 1\n", 1, "Shine"),
                arguments("background two numbers", "b 1 2\n", 1, "'b' takes 3 numbers"),
                arguments("cone three numbers", "c 1 2 3\n", 1, "'c' takes 8 numbers"),
                arguments("cone ends early", "c\n0 0 0 1\n", 1, "cone/cylinder needs its apex line"),
                arguments("cone ends at once", "c\n", 1, "cone/cylinder needs its base and apex lines"),
                arguments("cone short apex line", "c\n0 0 0 1\n0 0 1\n", 3, "apex line must be 4 numbers"),
                arguments("non-numeric", "s a b c d\n", 1, "sphere x must be a number, got 'a'"),
                arguments("NaN radius", "s 0 0 0 NaN\n", 1, "sphere radius must be a number, got 'NaN'"),
                arguments("infinite vertex", "p 3\n0 0 0\n1 inf 0\n0 1 0\n", 3, "vertex y must be a number, got 'inf'"),
                arguments("Infinity vertex", "p 3\n0 0 0\n1 Infinity 0\n0 1 0\n", 3, "vertex y"),
                arguments("overflowing float", "s 1e39 0 0 1\n", 1, "sphere x must be a finite number, got '1e39'"),
                arguments("absurd coordinate", "s 1e20 0 0 1\n", 1, "out of range"),
                arguments("hex float", "s 0x1p3 0 0 1\n", 1, "sphere x must be a number"),
                arguments("polygon of two", "p 2\n0 0 0\n1 0 0\n", 1, "polygon vertex count must be between 3 and"),
                arguments("polygon count word", "p x\n", 1, "polygon vertex count must be a whole number, got 'x'"),
                arguments("polygon count fraction", "p 3.5\n", 1, "whole number"),
                arguments("polygon without count", "p\n", 1, "'p' takes 1 number"),
                arguments("polygon ends early", view + "p 4\n0 0 0\n1 0 0\n1 1 0\n", 6, "polygon declares 4 vertices but the file ends after 3"),
                // (its polygon is on line 2: the test puts a background before each case)
                arguments("polygon runs into keyword", "p 4\n0 0 0\n1 0 0\ns 0 0 0 1\n", 4, "vertex 3 of 4 of the polygon on line 2 must be 3 numbers (x y z), got a line starting with 's'"),
                arguments("polygon vertex with 4 numbers", "p 3\n0 0 0 1\n1 0 0\n0 1 0\n", 2, "must be 3 numbers (x y z), got 4 values"),
                arguments("absurd polygon count", "p 2000000000\n0 0 0\n", 1, "polygon vertex count must be between 3 and 1000000, got '2000000000'"),
                arguments("count beyond int", "p 99999999999999999999\n", 1, "polygon vertex count must be between 3 and"),
                arguments("patch with positions only", "pp 3\n0 0 0\n1 0 0\n0 1 0\n", 2, "must be 6 numbers (x y z nx ny nz)"),
                arguments("negative sphere radius", "s 0 0 0 -1\n", 1, "sphere radius must be > 0, got -1"),
                arguments("zero sphere radius", "s 0 0 0 0\n", 1, "sphere radius must be > 0, got 0"),
                arguments("zero angle", "angle 0\n", 1, "view angle must be between 0 and 180"),
                arguments("straight angle", "angle 180\n", 1, "view angle must be between 0 and 180"),
                arguments("zero width", "resolution 0 512\n", 1, "image width must be between 1 and 16384"),
                arguments("huge height", "resolution 512 100000\n", 1, "image height must be between 1 and 16384"),
                arguments("fractional width", "resolution 512.5 512\n", 1, "image width must be a whole number"),
                arguments("hither word", "hither near\n", 1, "hither distance must be a number"),
                arguments("eye at look point", "v\nfrom 1 1 1\nat 1 1 1\nup 0 0 1\nangle 45\ns 0 0 0 1\n", 2, "'from' and 'at' are the same point"),
                arguments("up along the view", "v\nfrom 0 0 5\nat 0 0 0\nup 0 0 2\nangle 45\ns 0 0 0 1\n", 4, "parallel to the view direction"),
                arguments("zero up", "v\nfrom 0 0 5\nat 0 0 0\nup 0 0 0\nangle 45\ns 0 0 0 1\n", 4, "zero or parallel"),
                arguments("negative light intensity", "l 1 2 3 -1\n", 1, "light intensity must be ≥ 0"),
                arguments("Sense8 variant", "nff\nversion 2.0\n", 1, "Sense8 NFF"),
                arguments("bezier patch", "pb 1\n", 1, "not supported"),
                // Control characters separate tokens; other unprintable ones are shown as '?' in the message.
                arguments("binary junk keyword", "s 0 0 0 1\n\u0001\u2028junk\u0085\n", 2, "unknown keyword '?junk?'"),
                arguments("long line", "s " + "1 ".repeat(40000) + "\n", 1, "line is longer than 65536 characters"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedInputGivesOneClearLine(String name, String content, int caseLine, String problem) throws IOException {
        // Each case follows a first whole statement (a background): the file has shown itself NFF, so its
        // values may be quoted (issue 37); the line numbers of the cases count from the line after it.
        int line = caseLine + 1;
        Path file = dir.resolve("bad.nff");
        Files.writeString(file, "b 0 0 0\n" + content);
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> NffReader.read(file));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":" + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("\r"), "one line");
        assertTrue(e.getMessage().length() < 400, "short message");
    }

    @Test
    void beforeTheFirstWholeStatementNothingOfTheFileIsQuoted() throws IOException {
        // issue 37: a file linked as .nff may be any file; its first line is named, never shown
        String[][] cases = {{"f 1 x 1 1 0 0 0 1\n", "green must be a number; this does not look like an NFF file", "x"},
                {"s secret b c d\n", "sphere x must be a number; this does not look like an NFF file", "secret"},
                {"p SECRET\n", "polygon vertex count must be a whole number; this does not look like an NFF file", "SECRET"},
                {"p 4\n0 0 0\n1 0 0\nSECRET 0 0 1\n", "got a line starting with (not shown", "SECRET"}};
        Path file = dir.resolve("first.nff");
        for (String[] c : cases) {
            Files.writeString(file, c[0]);
            SceneFormatException e = assertThrows(SceneFormatException.class, () -> NffReader.read(file));
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
            assertFalse(e.problem().contains("'" + c[2]) || e.problem().contains(c[2] + " "), "quoted: " + e.getMessage());
        }
    }

    @Test
    void missingFileIsAnIOException() {
        assertThrows(IOException.class, () -> NffReader.read(dir.resolve("nope.nff")));
    }

    @Test
    void emptyAndBlankFilesLoadWithWarnings() throws Exception {
        for (String text : List.of("", "\n\n", "# only a comment", "   \t  \r\n")) {
            Path file = dir.resolve("empty.nff");
            Files.writeString(file, text);
            var r = NffReader.read(file);
            assertSane(r.scene());
            assertTrue(r.warnings().stream().anyMatch(w -> w.contains("no geometry")));
        }
    }

    // ---- generated garbage ----

    /** Reads a file that may be garbage: it loads, or fails with a proper message; quickly. */
    private static void loadsOrFailsCleanly(Path file) {
        assertTimeoutPreemptively(LIMIT, () -> {
            try {
                assertSane(NffReader.read(file).scene());
            } catch (SceneFormatException e) {
                String m = e.getMessage();
                assertTrue(m.startsWith(file.toString() + ":"), m);
                if (e.line() > 0) assertTrue(m.contains(":" + e.line() + ": "), m);
                assertFalse(m.contains("\n") || m.contains("\r"), "one line: " + m);
                assertTrue(m.length() < 600, "short message: " + m.length());
            }
        }, () -> "took too long: " + file);
    }

    @Test
    void randomBytes() throws IOException {
        Random random = new Random(20240601);
        for (int i = 0; i < 60; i++) {
            byte[] bytes = new byte[random.nextInt(i < 50 ? 4000 : 200_000)];
            random.nextBytes(bytes);
            Path file = dir.resolve("bytes" + i + ".nff");
            Files.write(file, bytes);
            loadsOrFailsCleanly(file);
        }
    }

    @Test
    void truncatedRealFiles() throws IOException {
        Random random = new Random(42);
        for (String name : List.of("gears_s1.nff", "balls_s1.nff", "jacks_s1.nff", "teapot_s1.nff",
                "assimp_dialects/cone.nff", "assimp_dialects/WithCamera.nff")) {
            byte[] all = Files.readAllBytes(TestData.resource("nff/" + name));
            for (int i = 0; i < 25; i++) {
                int cut = random.nextInt(all.length + 1);
                Path file = dir.resolve("cut" + i + "_" + name.replace('/', '_'));
                Files.write(file, Arrays.copyOf(all, cut));
                loadsOrFailsCleanly(file);
            }
        }
    }

    private static final String[] WORDS = {"v", "from", "at", "up", "angle", "hither", "resolution", "b", "l",
            "f", "c", "s", "p", "pp", "tpp", "tess", "dod", "#", "x", "nff", "pb", "shader"};
    private static final String[] NUMBERS = {"0", "1", "-1", "3", "4", "144", "0.5", "-0.25", "1e-30", "1e30",
            "1e39", "NaN", "inf", "-", ".", "1e", "2000000000", "-7", "180", "512", "1.5e2", "+2"};

    /** Lines built from NFF keywords and numbers, some well formed, most not. */
    private static String tokenSoup(Random random) {
        StringBuilder sb = new StringBuilder();
        int lines = 1 + random.nextInt(60);
        for (int l = 0; l < lines; l++) {
            int kind = random.nextInt(10);
            if (kind < 3) {
                // A plausible record: keyword plus about the right number of numbers.
                sb.append(WORDS[random.nextInt(WORDS.length)]);
                int n = random.nextInt(9);
                for (int i = 0; i < n; i++) sb.append(' ').append(number(random));
            } else if (kind < 7) {
                // Vertex-like lines, which keep polygons and cones going.
                int n = random.nextInt(7);
                for (int i = 0; i < n; i++) sb.append(i == 0 ? "" : random.nextBoolean() ? " " : "\t").append(number(random));
            } else if (kind < 8) {
                sb.append(random.nextBoolean() ? "p " : "pp ").append(3 + random.nextInt(5));
            } else {
                int n = random.nextInt(6);
                for (int i = 0; i < n; i++) {
                    sb.append(random.nextBoolean() ? WORDS[random.nextInt(WORDS.length)] : NUMBERS[random.nextInt(NUMBERS.length)]).append(' ');
                }
            }
            sb.append(random.nextInt(8) == 0 ? "\r\n" : "\n");
        }
        return sb.toString();
    }

    private static String number(Random random) {
        return random.nextInt(4) == 0 ? NUMBERS[random.nextInt(NUMBERS.length)] : Float.toString((random.nextFloat() - 0.5f) * 10);
    }

    @Test
    void tokenSoup() throws IOException {
        Random random = new Random(7);
        int loaded = 0;
        for (int i = 0; i < 200; i++) {
            Path file = dir.resolve("soup" + i + ".nff");
            Files.writeString(file, tokenSoup(random), StandardCharsets.UTF_8);
            loadsOrFailsCleanly(file);
            try {
                NffReader.read(file);
                loaded++;
            } catch (SceneFormatException e) {
                // counted above
            }
        }
        assertTrue(loaded < 200, "the soup is mostly invalid");
    }

    @Test
    void mutatedRealFile() throws IOException {
        // Replace, drop or duplicate single tokens of a valid file: near-misses of real input.
        String text = Files.readString(TestData.resource("nff/gears_s1.nff"));
        String[] tokens = text.split("(?<=\\s)|(?=\\s)");
        Random random = new Random(3);
        for (int i = 0; i < 60; i++) {
            StringBuilder sb = new StringBuilder();
            int victim = random.nextInt(tokens.length);
            for (int k = 0; k < tokens.length; k++) {
                if (k != victim) {
                    sb.append(tokens[k]);
                    continue;
                }
                switch (random.nextInt(3)) {
                    case 0 -> sb.append(NUMBERS[random.nextInt(NUMBERS.length)]);
                    case 1 -> { }
                    default -> sb.append(tokens[k]).append(tokens[k]);
                }
            }
            Path file = dir.resolve("mutant" + i + ".nff");
            Files.writeString(file, sb.toString());
            loadsOrFailsCleanly(file);
        }
    }
}
