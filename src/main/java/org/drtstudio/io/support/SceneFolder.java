package org.drtstudio.io.support;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The folder a scene file may reach into. Scene files come from the internet, and a reference in
 * one ({@code mtllib}, {@code map_Kd}, a cfg {@code OBJ=}) is a request to read a file: left
 * unchecked, {@code mtllib ../../../../etc/passwd} reads any file the user can read and a texture
 * naming {@code ~/private.png} renders it into a picture that may be shared.
 *
 * <p>The policy: a file may name files in its folder and below it (the folder of the OBJ for its
 * MTL libraries and their textures, the folder of the cfg for its models). An absolute name, a
 * name whose {@code ..} climbs out, or a link inside the folder whose target lies outside is
 * refused with a warning (or an error where the file is needed), and the file is not opened.
 * Folders given by the user (the file opened, a model placed in a project) are trusted: this only
 * limits what a file can reach on its own. Setting the system property
 * {@value #ALLOW_PROPERTY} to {@code true} ({@code JAVA_OPTS=-Ddrt.allowOutsidePaths=true}) lifts
 * the limit for scene collections that share a texture folder beside the models.
 */
public final class SceneFolder {
    /** System property that, set to true, allows references outside the scene folder. */
    public static final String ALLOW_PROPERTY = "drt.allowOutsidePaths";

    private final Path root;
    private final Path realRoot;

    private SceneFolder(Path root, Path realRoot) {
        this.root = root;
        this.realRoot = realRoot;
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

    /**
     * Whether the name as written stays inside the folder when resolved against {@code base} (a
     * folder inside it): no absolute name, no {@code ..} climbing out. Checked before any file is
     * touched, so a refused name is not even probed for existence.
     */
    public boolean allowsName(Path base, String written) {
        if (allowOutside()) return true;
        try {
            Path p = Path.of(written.replace('\\', '/'));
            if (p.isAbsolute() || p.getRoot() != null || written.startsWith("\\") || written.matches("^[A-Za-z]:.*")) return false;
            return base.toAbsolutePath().normalize().resolve(p).normalize().startsWith(root);
        } catch (InvalidPathException e) {
            return true; // not a path at all: the lookup will report it as not found
        }
    }

    /** Whether an existing {@code file}, links followed, lies inside the folder. */
    public boolean containsReal(Path file) {
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

    /** The end of a warning or error about a refused reference, saying what to do. */
    public String refusal() {
        return "is outside the scene's folder " + root + "; not read (files may only name files in their folder"
                + " or below; -D" + ALLOW_PROPERTY + "=true in JAVA_OPTS allows more)";
    }
}
