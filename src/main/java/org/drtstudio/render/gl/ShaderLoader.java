package org.drtstudio.render.gl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Assembles GLSL sources into one compilable text. Pure Java, no GL: it can run anywhere.
 *
 * <p>What it does to the main file:
 * <ul>
 *   <li>starts the text with the file's own {@code #version} line when the file has one first
 *       (only blank lines and {@code //} comments may precede it), else with {@code #version 430 core};</li>
 *   <li>adds {@code #define NAME VALUE} for each entry of the defines map, in the map's order
 *       (pass a {@code LinkedHashMap} when order matters);</li>
 *   <li>replaces each {@code #include "path"} line with that file's text, recursively. Paths are
 *       relative to the including file's folder, or to the shader root when they start with
 *       {@code /}. A file is included once per program (later includes of it are dropped, so
 *       headers need no guards); an include cycle is an error naming the chain. Includes are
 *       expanded before the GLSL preprocessor runs, so an include inside {@code #if 0} still
 *       counts;</li>
 *   <li>inserts {@code #line LINE FILE_INDEX} at the start of every file and after every include,
 *       so driver errors can be mapped back with {@link ShaderSource#translateLog}. GLSL's
 *       {@code #line} takes a number, not a name, hence the index into {@link ShaderSource#files()}.</li>
 * </ul>
 */
public final class ShaderLoader {
    /** Classpath folder the project's {@code shaders/} directory is packaged to (see pom.xml). */
    public static final String CLASSPATH_ROOT = "shaders/";
    static final String DEFAULT_VERSION = "#version 430 core";

    private static final Pattern INCLUDE = Pattern.compile("^\\s*#\\s*include\\s+\"([^\"]+)\"\\s*(//.*)?$");
    private static final Pattern INCLUDE_ANY = Pattern.compile("^\\s*#\\s*include\\b.*");
    private static final Pattern VERSION = Pattern.compile("^\\s*#\\s*version\\b.*");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** Reads a file by its path relative to the shader root; empty when there is none. */
    @FunctionalInterface
    interface SourceFiles {
        Optional<String> read(String path);
    }

    private final SourceFiles files;

    private ShaderLoader(SourceFiles files) {
        this.files = files;
    }

    /** Loads from the classpath under {@value #CLASSPATH_ROOT} (main and test resources alike). */
    public static ShaderLoader fromClasspath() {
        ClassLoader loader = ShaderLoader.class.getClassLoader();
        return new ShaderLoader(path -> {
            try (InputStream in = loader.getResourceAsStream(CLASSPATH_ROOT + path)) {
                return in == null ? Optional.empty()
                        : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("reading shader " + CLASSPATH_ROOT + path, e);
            }
        });
    }

    /** Loads from an in-memory map of path to text: for generated shaders, probes and tests. */
    public static ShaderLoader fromStrings(Map<String, String> sources) {
        Map<String, String> copy = Map.copyOf(sources);
        return new ShaderLoader(path -> Optional.ofNullable(copy.get(path)));
    }

    /**
     * Assembles {@code mainFile} (a path relative to the shader root, e.g. {@code "trace.comp"}).
     *
     * @param defines {@code NAME -> VALUE}, emitted in iteration order; VALUE may be empty
     * @throws ShaderCompileException for a missing file, a malformed or cyclic include, a bad define
     */
    public ShaderSource load(String mainFile, Map<String, String> defines) {
        String main = normalize("", mainFile, mainFile);
        List<String> lines = lines(readOrFail(main, null));
        Assembly assembly = new Assembly();
        int first = versionLine(lines);
        assembly.out.append(first >= 0 ? lines.get(first).strip() : DEFAULT_VERSION).append('\n');
        defines.forEach((name, value) -> assembly.out.append(define(main, name, value)).append('\n'));
        assembly.emit(main, lines, first + 1);
        return new ShaderSource(main, assembly.out.toString(), assembly.files);
    }

    /** The state of one load: output text, files by source-string index, the include chain. */
    private final class Assembly {
        final StringBuilder out = new StringBuilder();
        final List<String> files = new ArrayList<>();
        final Set<String> included = new HashSet<>();
        final Deque<String> chain = new ArrayDeque<>();

        /** Emits {@code lines} of {@code file} from the 0-based line {@code from}. */
        void emit(String file, List<String> lines, int from) {
            int index = files.size();
            files.add(file);
            included.add(file);
            chain.addLast(file);
            out.append("#line ").append(from + 1).append(' ').append(index).append('\n');
            for (int i = from; i < lines.size(); i++) {
                String line = lines.get(i);
                String where = file + ":" + (i + 1);
                Matcher include = INCLUDE.matcher(line);
                if (include.matches()) {
                    String target = normalize(folder(file), include.group(1), where);
                    if (chain.contains(target)) {
                        throw new ShaderCompileException("#include cycle: " + String.join(" -> ", chain)
                                + " -> " + target + " (at " + where + ")");
                    }
                    if (included.contains(target)) {
                        out.append('\n'); // already in this program; keeps the line count
                        continue;
                    }
                    emit(target, lines(readOrFail(target, where)), 0);
                    out.append("#line ").append(i + 2).append(' ').append(index).append('\n');
                } else if (INCLUDE_ANY.matcher(line).matches()) {
                    throw new ShaderCompileException(where + ": malformed #include, expected #include \"file.glsl\": "
                            + line.strip());
                } else if (index > 0 && VERSION.matcher(line).matches()) {
                    throw new ShaderCompileException(where + ": #version belongs in the main file only");
                } else {
                    out.append(line).append('\n');
                }
            }
            chain.removeLast();
        }
    }

    private String readOrFail(String path, String includedFrom) {
        return files.read(path).orElseThrow(() -> new ShaderCompileException(
                (includedFrom == null ? "" : includedFrom + ": ") + "shader file not found: " + path));
    }

    /** Index of the {@code #version} line if it comes first (after blanks and // comments), else -1. */
    private static int versionLine(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (VERSION.matcher(line).matches()) {
                return i;
            }
            if (!line.isEmpty() && !line.startsWith("//")) {
                return -1;
            }
        }
        return -1;
    }

    private static String define(String shader, String name, String value) {
        if (name == null || !IDENTIFIER.matcher(name).matches()) {
            throw new ShaderCompileException(shader + ": define name '" + name + "' is not a GLSL identifier");
        }
        if (value == null || value.contains("\n") || value.contains("\r")) {
            throw new ShaderCompileException(shader + ": define " + name + " needs a one-line value, got '" + value + "'");
        }
        return value.isEmpty() ? "#define " + name : "#define " + name + " " + value;
    }

    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\\R", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1); // the text's final newline starts no line
        }
        return lines;
    }

    private static String folder(String file) {
        int slash = file.lastIndexOf('/');
        return slash < 0 ? "" : file.substring(0, slash + 1);
    }

    /** Resolves {@code path} against {@code folder}, folding "." and ".."; stays inside the root. */
    private static String normalize(String folder, String path, String where) {
        String joined = path.startsWith("/") ? path.substring(1) : folder + path;
        Deque<String> parts = new ArrayDeque<>();
        for (String part : joined.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    throw new ShaderCompileException(where + ": include path " + path + " leaves the shader folder");
                }
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        return String.join("/", parts);
    }
}
