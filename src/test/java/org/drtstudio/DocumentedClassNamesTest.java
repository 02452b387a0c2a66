package org.drtstudio;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.FileVisitResult;
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
 * The docs name classes that exist: every backticked class-like name in README.md and docs/*.md
 * ({@link DocPages}; an UpperCamelCase identifier, alone or leading a qualified name such as
 * {@code render.cpu.Traversal} or {@code Gizmo.Handle}) is a type declared in the sources (any
 * module's src folder). A class renamed or removed
 * without its docs fails here, and so does a fully qualified name ({@code org.drtstudio.bench.AccelReport}
 * in a command line) whose class moved to another package.
 */
class DocumentedClassNamesTest {
    /**
     * Names in backticks that are not ours, each with its reason. Keep this short: a name belongs
     * here only when the docs mean something outside the code base.
     */
    private static final Set<String> NOT_OURS = Set.of(
            // JDK and JavaFX classes the docs discuss (project files' Float.toString, the studio's Platform.startup).
            "Float", "Platform",
            // Debian package fields (INSTALL.md).
            "Depends", "Exec", "Recommends",
            // An MTL keyword (the transmission filter), a Slurm setting and the farm's tile-grid placeholder (FARM.md).
            "Tf", "MaxArraySize", "CxR");

    /** A backticked span. */
    private static final Pattern SPAN = Pattern.compile("`([^`\n]+)`");
    /** A Java name: lower-case package parts, then a type name, then members or nested types. */
    private static final Pattern JAVA_NAME = Pattern.compile(
            "(?:[a-z][a-z0-9]*\\.)*([A-Z][A-Za-z0-9]*)(?:\\.[A-Za-z_][A-Za-z0-9_]*(?:\\([^)]*\\))?)*(?:\\(\\))?");
    /** A name of ours with its package, anywhere in a line (code blocks too: the lab programs' command lines). */
    private static final Pattern QUALIFIED = Pattern.compile("\\borg\\.drtstudio(?:\\.[a-z][a-z0-9]*)+\\.[A-Z][A-Za-z0-9]*");
    /** A source file's package declaration. */
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
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
        for (DocPages.Line line : DocPages.lines()) {
            for (String name : classNames(line.text())) {
                if (!declared.contains(name) && !NOT_OURS.contains(name)) missing.add(line.where() + ": " + name);
            }
        }
        assertEquals(List.of(), missing, "the docs name classes the code does not have");
    }

    @Test
    void everyQualifiedNameTheDocsUseIsAClassThere() throws IOException {
        Set<String> qualified = qualifiedTypes();
        assertTrue(qualified.contains("org.drtstudio.app.Main"), "types found: " + qualified.size());
        List<String> missing = new ArrayList<>();
        for (DocPages.Line line : DocPages.lines()) {
            Matcher m = QUALIFIED.matcher(line.text());
            while (m.find()) if (!qualified.contains(m.group())) missing.add(line.where() + ": " + m.group());
        }
        assertEquals(List.of(), missing, "the docs name classes by packages they are not in");
    }

    @Test
    void theListOfNamesThatAreNotOursHoldsNoneOfOurs() throws IOException {
        Set<String> ours = new TreeSet<>(NOT_OURS);
        ours.retainAll(declaredTypes());
        assertEquals(Set.of(), ours, "these exist in the code now: drop them from NOT_OURS");
    }

    @Test
    void everyNameThatIsNotOursIsStillNamedByADoc() {
        Set<String> unused = new TreeSet<>(NOT_OURS);
        for (DocPages.Line line : DocPages.lines()) classNames(line.text()).forEach(unused::remove);
        assertEquals(Set.of(), unused, "no doc names these any more: drop them from NOT_OURS");
    }

    /** Simple names of every type declared in the sources of every module (any src/.../java folder). */
    private static Set<String> declaredTypes() throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path source : sources()) {
            Matcher m = DECLARATION.matcher(Files.readString(source));
            while (m.find()) names.add(m.group(1));
        }
        return names;
    }

    /** Fully qualified names of the top-level types: each source file's package and file name. */
    private static Set<String> qualifiedTypes() throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path source : sources()) {
            Matcher m = PACKAGE.matcher(Files.readString(source));
            String type = source.getFileName().toString().replace(".java", "");
            if (m.find()) names.add(m.group(1) + "." + type);
        }
        return names;
    }

    /** Java sources under any src folder of the checkout (modules included), build outputs left out. */
    private static List<Path> sources() throws IOException {
        return files(Path.of("."), ".java").stream()
                .filter(p -> p.toString().contains("/src/") && !p.toString().contains("/target/")).toList();
    }

    /**
     * Files under {@code root} ending in {@code suffix}, not looking into build outputs or git's folder:
     * while this runs, the other test JVM's reports come and go under target/, and a file listed
     * and gone before it was looked at failed the walk.
     */
    private static List<Path> files(Path root, String suffix) throws IOException {
        assertTrue(Files.isDirectory(root), root + ": run from the project root");
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                return name.equals("target") || name.equals(".git") ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (file.toString().endsWith(suffix)) found.add(file);
                return FileVisitResult.CONTINUE;
            }
        });
        found.sort(null);
        return found;
    }
}
