package org.drtstudio;

import org.drtstudio.testing.SourceSizes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Methods a reader can hold in mind and classes with one job (issue 43, item 4): no method in
 * {@code render}, {@code accel} or {@code studio} (and their sub-packages) over
 * {@value #MAX_METHOD_LINES} lines, and no class there over {@value #MAX_FIELDS} fields. How lines
 * and fields are counted is {@link SourceSizes}'s class comment: a method from the line of its name
 * to its closing brace; fields instance and static, constants ({@code static final} primitives and
 * strings), enum constants and picocli's option fields left out.
 *
 * <p>A long method is a sign that the stages of the work are not named yet (Mitsuba's
 * {@code render → render_block → render_sample}); many fields, that several things travelling
 * together want a small record or class of their own.
 */
class CodeSizeTest {
    static final int MAX_METHOD_LINES = 80;
    static final int MAX_FIELDS = 25;
    private static final List<String> PACKAGES = List.of("render", "accel", "studio");

    /**
     * Debt, named where it lives: methods over the limit that are allowed for now. Empty, and to stay
     * so; an entry that is no longer over the limit fails the test so that it is removed.
     */
    private static final Set<String> KNOWN_LONG_METHODS = Set.of();

    /** As {@link #KNOWN_LONG_METHODS}, for classes with too many fields. Empty. */
    private static final Set<String> KNOWN_FAT_CLASSES = Set.of();

    private static SourceSizes.Sizes sizes;

    @BeforeAll
    static void measure() throws IOException {
        Path root = Path.of("src/main/java/org/drtstudio");
        List<Path> files;
        try (Stream<Path> walk = PACKAGES.stream().map(root::resolve).flatMap(CodeSizeTest::javaFiles)) {
            files = walk.toList();
        }
        assertTrue(files.size() > 100, "expected the render, accel and studio sources under " + root.toAbsolutePath());
        sizes = SourceSizes.measure(files);
    }

    @Test
    void noMethodIsOverTheLimit() {
        List<SourceSizes.MethodSize> tooLong = sizes.methods().stream()
                .filter(m -> m.lines() > MAX_METHOD_LINES && !KNOWN_LONG_METHODS.contains(key(m)))
                .toList();
        assertTrue(tooLong.isEmpty(), "methods over " + MAX_METHOD_LINES + " lines (split them into named stages): "
                + lines(tooLong));
    }

    @Test
    void noClassHoldsTooManyFields() {
        List<SourceSizes.ClassFields> fat = sizes.classes().stream()
                .filter(c -> c.fields() > MAX_FIELDS && !KNOWN_FAT_CLASSES.contains(c.name()))
                .toList();
        assertTrue(fat.isEmpty(), "classes over " + MAX_FIELDS + " fields (group the fields that travel together): "
                + lines(fat));
    }

    @Test
    void theAllowListsOnlyNameTodaysOffenders() {
        Set<String> longNow = sizes.methods().stream().filter(m -> m.lines() > MAX_METHOD_LINES)
                .map(CodeSizeTest::key).collect(Collectors.toSet());
        Set<String> fatNow = sizes.classes().stream().filter(c -> c.fields() > MAX_FIELDS)
                .map(SourceSizes.ClassFields::name).collect(Collectors.toSet());
        List<String> stale = Stream.concat(
                KNOWN_LONG_METHODS.stream().filter(k -> !longNow.contains(k)),
                KNOWN_FAT_CLASSES.stream().filter(k -> !fatNow.contains(k))).sorted().toList();
        assertTrue(stale.isEmpty(), "no longer over the limit (or renamed): remove from CodeSizeTest's allow-list: " + stale);
    }

    private static String key(SourceSizes.MethodSize m) {
        return m.owner() + "." + m.name();
    }

    private static String lines(List<?> offenders) {
        return offenders.stream().map(o -> "\n  " + o).collect(Collectors.joining());
    }

    private static Stream<Path> javaFiles(Path dir) {
        try {
            return Files.walk(dir).filter(p -> p.toString().endsWith(".java"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
