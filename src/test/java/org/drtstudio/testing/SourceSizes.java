package org.drtstudio.testing;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;

import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The sizes of methods and classes in Java sources, read with the JDK's own parser (the compiler
 * tree API, {@code com.sun.source}), so strings, comments, text blocks and lambdas are parsed as
 * javac parses them rather than guessed by a brace matcher. Only parsing runs: no symbols are
 * resolved, so the sources need not compile against a class path.
 *
 * <p>How it counts:
 * <ul>
 *   <li>A method's length is the number of lines from the line holding its name (the signature;
 *       its Javadoc and annotations above are not counted) to the line of its closing brace, both
 *       included. A lambda or an anonymous class inside a method counts towards that method (and an
 *       anonymous class's own methods are measured again on their own). Methods without a body
 *       (abstract, interface, native) are not measured.</li>
 *   <li>A class's fields are the variables declared directly in its body, instance and static,
 *       including a record's components. Not counted: constants ({@code static final} fields of a
 *       primitive type or {@code String}, which hold no state), enum constants, and fields annotated
 *       by picocli ({@code @Option}, {@code @Parameters}, {@code @Mixin}, {@code @ArgGroup},
 *       {@code @Spec}, {@code @ParentCommand}): those are a command's option holder, one field per
 *       option by design. Nested classes are measured on their own.</li>
 * </ul>
 */
public final class SourceSizes {
    private static final Set<String> PICOCLI_FIELD_ANNOTATIONS =
            Set.of("Option", "Parameters", "Mixin", "ArgGroup", "Spec", "ParentCommand");

    /** One method: {@code owner} is the class's name as written in the source (nested: {@code Outer.Inner}). */
    public record MethodSize(Path file, String owner, String name, int firstLine, int lines) {
        @Override public String toString() {
            return owner + "." + name + " (" + file.getFileName() + ":" + firstLine + ") " + lines + " lines";
        }
    }

    /** One class and the number of fields it holds, counted as the class comment says. */
    public record ClassFields(Path file, String name, int fields) {
        @Override public String toString() {
            return name + " (" + file.getFileName() + ") " + fields + " fields";
        }
    }

    /** Everything measured in a set of files. */
    public record Sizes(List<MethodSize> methods, List<ClassFields> classes) { }

    private SourceSizes() { }

    /** Parses {@code files} and measures every method with a body and every class, enum, record and interface. */
    public static Sizes measure(List<Path> files) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) throw new IllegalStateException("no Java compiler in this runtime (a JRE, not a JDK?)");
        try (StandardJavaFileManager fileManager = compiler.getStandardFileManager(null, null, null)) {
            Iterable<? extends JavaFileObject> units = fileManager.getJavaFileObjectsFromPaths(files);
            JavacTask task = (JavacTask) compiler.getTask(null, fileManager, null, List.of("-proc:none"), null, units);
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            List<MethodSize> methods = new ArrayList<>();
            List<ClassFields> classes = new ArrayList<>();
            for (CompilationUnitTree unit : task.parse()) {
                new Measurer(unit, positions, methods, classes).scan(unit, null);
            }
            return new Sizes(methods, classes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Walks one compilation unit, keeping the names of the classes it is inside. */
    private static final class Measurer extends TreeScanner<Void, String> {
        private final CompilationUnitTree unit;
        private final SourcePositions positions;
        private final String source;
        private final List<MethodSize> methods;
        private final List<ClassFields> classes;
        private final Path file;

        Measurer(CompilationUnitTree unit, SourcePositions positions, List<MethodSize> methods, List<ClassFields> classes) {
            this.unit = unit;
            this.positions = positions;
            this.methods = methods;
            this.classes = classes;
            this.file = Path.of(unit.getSourceFile().toUri());
            try {
                this.source = unit.getSourceFile().getCharContent(true).toString();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Void visitClass(ClassTree tree, String outer) {
            String simple = tree.getSimpleName().toString();
            String name = simple.isEmpty() ? outer + ".<anonymous>" : outer == null ? simple : outer + "." + simple;
            classes.add(new ClassFields(file, name, countFields(tree)));
            return super.visitClass(tree, name);
        }

        @Override
        public Void visitMethod(MethodTree tree, String owner) {
            if (tree.getBody() != null) {
                String name = tree.getName().contentEquals("<init>") ? simpleName(owner) : tree.getName().toString();
                long start = signatureStart(tree, name);
                long end = positions.getEndPosition(unit, tree);
                int first = (int) unit.getLineMap().getLineNumber(start);
                int last = (int) unit.getLineMap().getLineNumber(end);
                methods.add(new MethodSize(file, owner, name, first, last - first + 1));
            }
            return super.visitMethod(tree, owner);
        }

        /** Where the method's name is written, past its Javadoc, annotations and modifiers. */
        private long signatureStart(MethodTree tree, String name) {
            long from = Math.max(positions.getStartPosition(unit, tree), positions.getEndPosition(unit, tree.getModifiers()));
            int at = source.indexOf(name, (int) from);
            return at < 0 ? from : at;
        }

        private int countFields(ClassTree tree) {
            int count = 0;
            for (Tree member : tree.getMembers()) {
                if (member instanceof VariableTree field && countsAsState(field, tree)) count++;
            }
            return count;
        }

        private static boolean countsAsState(VariableTree field, ClassTree owner) {
            ModifiersTree modifiers = field.getModifiers();
            boolean picocli = modifiers.getAnnotations().stream()
                    .anyMatch(a -> PICOCLI_FIELD_ANNOTATIONS.contains(lastSegment(a.getAnnotationType().toString())));
            if (picocli) return false;
            boolean staticFinal = owner.getKind() == Tree.Kind.INTERFACE // an interface's fields are implicitly static final
                    || modifiers.getFlags().containsAll(Set.of(Modifier.STATIC, Modifier.FINAL));
            if (owner.getKind() == Tree.Kind.ENUM && staticFinal
                    && field.getType() != null && field.getType().toString().equals(owner.getSimpleName().toString())) {
                return false; // an enum constant
            }
            return !(staticFinal && isConstantType(field.getType()));
        }

        private static boolean isConstantType(Tree type) {
            return type instanceof PrimitiveTypeTree || (type != null && lastSegment(type.toString()).equals("String"));
        }

        private static String lastSegment(String dotted) {
            return dotted.substring(dotted.lastIndexOf('.') + 1);
        }

        private static String simpleName(String owner) {
            return owner == null ? "<init>" : lastSegment(owner);
        }
    }
}
