package org.drtstudio;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The docs name classes that exist: every backticked class-like name in docs/*.md (an UpperCamelCase
 * identifier, alone or leading a qualified name such as {@code render.cpu.Traversal} or
 * {@code Gizmo.Handle}) is a type declared in src/main or src/test. A class renamed or removed
 * without its docs fails here.
 */
class DocumentedClassNamesTest {
    /**
     * Names in backticks that are not ours, each with its reason. Keep this short: a name belongs
     * here only when the docs mean something outside the code base.
     */
    private static final Set<String> NOT_OURS = Set.of(
            // JDK and JavaFX classes the docs discuss (the studio's threading, error handling).
            "AnimationTimer", "BufferedImage", "BufferedReader", "Float", "InvokeLaterDispatcher", "NumberFormatException",
            "OutOfMemoryError", "PixelBuffer", "Platform", "QuantumRenderer", "WritableImage",
            // Debian package fields and desktop-entry keys (INSTALL.md).
            "Depends", "Exec", "Recommends",
            // A JSON literal (STUDIO.md: `Infinity` is the pinhole).
            "Infinity",
            // An MTL keyword (the transmission filter), a Slurm setting and the farm's tile-grid placeholder (FARM.md).
            "Tf", "MaxArraySize", "CxR",
            // Removed with the layouts it compared; BENCHMARKS.md tells the measurement it made.
            "KernelTimingProbe",
            // Replaced by bench.BenchmarkJson (jackson's generator); BENCHMARKS.md dates an old results file by it.
            "JsonWriter");

    /** A backticked span. */
    private static final Pattern SPAN = Pattern.compile("`([^`\n]+)`");
    /** A Java name: lower-case package parts, then a type name, then members or nested types. */
    private static final Pattern JAVA_NAME = Pattern.compile(
            "(?:[a-z][a-z0-9]*\\.)*([A-Z][A-Za-z0-9]*)(?:\\.[A-Za-z_][A-Za-z0-9_]*(?:\\([^)]*\\))?)*(?:\\(\\))?");
    /** A type declaration at the start of a line. */
    private static final Pattern DECLARATION = Pattern.compile(
            "(?m)^\\s*(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)\\s+)*"
                    + "(?:class|record|interface|enum|@interface)\\s+([A-Z]\\w*)");

    /** The class-like names backticked in a Markdown text: upper-case first, at least one lower-case letter (not constants). */
    static List<String> classNames(String markdown) {
        List<String> found = new ArrayList<>();
        Matcher span = SPAN.matcher(markdown);
        while (span.find()) {
            Matcher name = JAVA_NAME.matcher(span.group(1));
            if (name.matches() && name.group(1).chars().anyMatch(Character::isLowerCase)) found.add(name.group(1));
        }
        return found;
    }

    @Test
    void theDetectorFindsClassNamesAndSkipsTheRest() {
        assertEquals(List.of("Traversal", "Gizmo", "ImportResult", "NodeKind", "Vec3"),
                classNames("`render.cpu.Traversal`, `Gizmo.Handle`, `ImportResult.phases()`, `NodeKind.BOXES`, `Vec3`"));
        assertEquals(List.of(), classNames("`GI_END`, `TEXTURED`, `shaders/trace.comp`, `drt render -o`, `camera`, `Foo Bar`"));
    }

    @Test
    void everyClassTheDocsNameExists() throws IOException {
        Set<String> declared = declaredTypes();
        assertTrue(declared.contains("GeometryImagePacker") && declared.contains("SharedGl"), "types found: " + declared.size());
        List<String> missing = new ArrayList<>();
        for (Path doc : files(Path.of("docs"), ".md")) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                for (String name : classNames(lines.get(i))) {
                    if (!declared.contains(name) && !NOT_OURS.contains(name)) missing.add(doc + ":" + (i + 1) + ": " + name);
                }
            }
        }
        assertEquals(List.of(), missing, "the docs name classes the code does not have");
    }

    @Test
    void theListOfNamesThatAreNotOursHoldsNoneOfOurs() throws IOException {
        Set<String> ours = new TreeSet<>(NOT_OURS);
        ours.retainAll(declaredTypes());
        assertEquals(Set.of(), ours, "these exist in the code now: drop them from NOT_OURS");
    }

    private static Set<String> declaredTypes() throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path root : List.of(Path.of("src/main/java"), Path.of("src/test/java"))) {
            for (Path source : files(root, ".java")) {
                Matcher m = DECLARATION.matcher(Files.readString(source));
                while (m.find()) names.add(m.group(1));
            }
        }
        return names;
    }

    private static List<Path> files(Path root, String suffix) throws IOException {
        assertTrue(Files.isDirectory(root), root + ": run from the project root");
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        }
    }
}
