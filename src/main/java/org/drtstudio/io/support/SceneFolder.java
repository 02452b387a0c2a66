package org.drtstudio.io.support;

import org.drtstudio.scene.Material;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The one check every file reference read from a file goes through. Scene files come from the
 * internet, and a reference in one ({@code mtllib}, {@code map_Kd}, an NFF fill's texture, a cfg
 * {@code OBJ=}) is a request to read a file: left unchecked, {@code mtllib ../../../../etc/passwd}
 * reads any file the user can read and a texture naming {@code ~/private.png} renders it into a
 * picture that may be shared.
 *
 * <p>The policy: a file may name files in its folder and below it (the folder of the OBJ for its
 * MTL libraries and their textures, of the NFF for its textures, of the cfg for its models). An
 * absolute name, a name whose {@code ..} climbs out, or a link inside the folder whose target lies
 * outside is refused ({@link Refused}) before anything at that name is touched. Setting the system
 * property {@value #ALLOW_PROPERTY} to {@code true} ({@code JAVA_OPTS=-Ddrt.allowOutsidePaths=true})
 * lifts the limit for scene collections that share a texture folder beside the models.
 *
 * <p>What passes is a {@link ConfinedPath}, which nothing else can make: the openers of referenced
 * files ({@code MtlFileReader}, a cfg's {@code ModelLoader}) take one, and a reader gives a material
 * a texture only through {@link ConfinedPath#textures} ({@code ArchitectureTest} holds the readers to
 * that). So a new reader cannot open, or hand the renderer, a path that skipped this check without
 * its author noticing. Two doors are deliberate, both named here: {@link #chosenByUser} (the file
 * the user opened, a file picked in a dialog) and {@link #namedByProject} (a project's models and
 * textures, which may be anywhere; docs/RELIABILITY.md says why).
 */
public final class SceneFolder {
    /** System property that, set to true, allows references outside the scene folder. */
    public static final String ALLOW_PROPERTY = "drt.allowOutsidePaths";

    private final Path root;
    private final Path realRoot;
    private final RelativeFiles files;

    private SceneFolder(Path root, Path realRoot) {
        this.root = root;
        this.realRoot = realRoot;
        this.files = new RelativeFiles(allowOutside() ? null : realRoot);
    }

    /**
     * A file that this class let through: named inside the folder of the file that named it, or
     * through one of the two deliberate doors. Absolute and normalised; it may not exist (the
     * opener then says "not found").
     */
    public static final class ConfinedPath {
        private final Path file;

        private ConfinedPath(Path file) {
            this.file = file;
        }

        public Path file() {
            return file;
        }

        /**
         * {@code material} with these textures (either may be null): the one way a reader gives a
         * material a texture, so a material read from a file names only checked files.
         */
        public static Material.Builder textures(Material.Builder material, ConfinedPath diffuse, ConfinedPath bump, float bumpScale) {
            return material.diffuseTexture(diffuse == null ? null : diffuse.file.toString())
                    .bump(bump == null ? null : bump.file.toString(), bumpScale);
        }

        /**
         * A picture inside this file (an image a glTF embeds), named {@code FILE#part}: the texture
         * loader reads it from the file when no file of that name exists ({@code io.gltf.GltfEmbeddedImages}).
         * It lies where this file lies, so it passes the check this file passed.
         */
        public ConfinedPath embedded(String part) {
            return new ConfinedPath(Path.of(file + "#" + part));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ConfinedPath c && c.file.equals(file);
        }

        @Override
        public int hashCode() {
            return file.hashCode();
        }

        @Override
        public String toString() {
            return file.toString();
        }
    }

    /** A reference the policy refuses; {@link #getMessage()} ends a warning or error about it. */
    public static final class Refused extends Exception {
        private Refused(String reason) {
            super(reason);
        }
    }

    /** The folder of {@code file} (the file that makes the references). */
    public static SceneFolder of(Path file) {
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (dir == null) dir = file.toAbsolutePath().getRoot();
        Path real;
        try {
            real = dir.toRealPath();
        } catch (IOException e) {
            real = dir;
        }
        return new SceneFolder(dir, real);
    }

    /** The folder, as the user named it. */
    public Path path() {
        return root;
    }

    /** {@link #resolve(Path, String)} against the folder itself. */
    public ConfinedPath resolve(String written) throws Refused {
        return resolve(root, written);
    }

    /**
     * The file {@code written} names, relative to {@code base} (the folder itself, or a folder
     * inside it such as a material library's). The name is checked before any file is touched; an
     * existing file is found as {@link RelativeFiles} finds it (Windows separators, case) and, links
     * followed, must lie inside the folder too. A missing file gives the path where it was expected.
     *
     * @throws Refused when the name or the file it reaches lies outside the folder
     */
    public ConfinedPath resolve(Path base, String written) throws Refused {
        Path expected = RelativeFiles.expected(base, written);
        if (expected == null || written.isBlank()) throw new Refused("is not a valid file name");
        if (!allowsName(base, written)) throw new Refused("is outside the scene's folder " + root + "; " + howToAllow());
        Path found = files.find(base, written);
        if (found != null && !containsReal(found)) throw new Refused("(a link) is outside the scene's folder " + root + "; " + howToAllow());
        return new ConfinedPath((found != null ? found : expected).toAbsolutePath().normalize());
    }

    /**
     * Whether {@code written}, relative to {@code base}, names an existing regular file inside the
     * folder; nothing outside it is probed. For splitting a list of names ({@code mtllib a b.mtl}).
     */
    public boolean namesAFileInside(Path base, String written) {
        if (RelativeFiles.expected(base, written) == null || !allowsName(base, written)) return false;
        Path found = files.find(base, written);
        return found != null && containsReal(found);
    }

    /**
     * The file the user chose: the scene named on the command line, a file picked in a dialog. The
     * user may open any file; its own references are then confined to its folder.
     */
    public static ConfinedPath chosenByUser(Path file) {
        return new ConfinedPath(file.toAbsolutePath().normalize());
    }

    /**
     * A model or texture a project names: relative to the project's folder, or absolute. Projects
     * are the studio's own files and store files outside their folder absolute (where the user
     * picked them), so this door is open; docs/RELIABILITY.md lists what that allows.
     *
     * @throws InvalidPathException when {@code written} is no path on this system
     */
    public static ConfinedPath namedByProject(Path projectFolder, String written) {
        return new ConfinedPath(projectFolder.resolve(Path.of(written)).toAbsolutePath().normalize());
    }

    /**
     * Whether the name as written stays inside the folder when resolved against {@code base}: no
     * absolute name, no {@code ..} climbing out. Checked before any file is touched, so a refused
     * name is not even probed for existence.
     */
    private boolean allowsName(Path base, String written) {
        if (allowOutside()) return true;
        try {
            Path p = Path.of(written.replace('\\', '/'));
            if (p.isAbsolute() || p.getRoot() != null || written.startsWith("\\") || written.matches("^[A-Za-z]:.*")) return false;
            return base.toAbsolutePath().normalize().resolve(p).normalize().startsWith(root);
        } catch (InvalidPathException e) {
            return false; // not a path here (resolve says so before asking)
        }
    }

    /** Whether an existing {@code file}, links followed, lies inside the folder. */
    private boolean containsReal(Path file) {
        if (allowOutside()) return true;
        try {
            return file.toRealPath().startsWith(realRoot);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean allowOutside() {
        return Boolean.getBoolean(ALLOW_PROPERTY);
    }

    private static String howToAllow() {
        return "not read (files may only name files in their folder or below; -D" + ALLOW_PROPERTY + "=true in JAVA_OPTS allows more)";
    }
}
