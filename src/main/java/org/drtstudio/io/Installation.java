package org.drtstudio.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The folder DRT Studio's shipped files are read from: {@code scenes/} (the sample scenes, the
 * default one first) and {@code assets/} (the models and textures they use). The launchers name it
 * with {@code -Ddrt.home}: {@code ./drt} the checkout, an installed {@code drt} its installation
 * ({@code /usr/lib/drt-studio} of the .deb, the unpacked tarball's folder). Without the property
 * (tests, an IDE) the working folder is taken, which is the checkout's root there. Nothing is ever
 * written here: an installation is read-only for its users.
 */
public final class Installation {
    /** The system property the launchers set to the installation's folder. */
    public static final String HOME_PROPERTY = "drt.home";
    /** The scene's file name the studio and a headless {@code drt} open when given none. */
    public static final String DEFAULT_SCENE = "default.nff";
    private static final List<String> SCENE_TYPES = List.of(".json", ".nff", ".obj", ".cfg", ".vox", ".vxt", ".ply", ".gltf", ".glb");

    private final Path home;

    public Installation(Path home) {
        this.home = home.toAbsolutePath().normalize();
    }

    /** The installation named by {@value #HOME_PROPERTY} when it has a scenes folder, else the working folder. */
    public static Installation current() {
        String property = System.getProperty(HOME_PROPERTY);
        if (property != null && !property.isBlank()) {
            Installation named = new Installation(Path.of(property));
            if (Files.isDirectory(named.scenes())) return named;
        }
        return new Installation(Path.of(""));
    }

    public Path home() {
        return home;
    }

    public Path scenes() {
        return home.resolve("scenes");
    }

    public Path assets() {
        return home.resolve("assets");
    }

    /**
     * The sample scenes: the regular files in {@code scenes/} of a type the studio opens (project,
     * NFF, OBJ, cfg, .vox, .vxt), the default scene first, then by name; hidden files (a save's temporary
     * file) are left out. Empty when the folder is missing or cannot be listed.
     */
    public List<Path> samples() {
        if (!Files.isDirectory(scenes())) return List.of();
        try (Stream<Path> files = Files.list(scenes())) {
            List<Path> out = new ArrayList<>(files.filter(Installation::isSceneFile).toList());
            out.sort(Comparator.comparing((Path p) -> !p.getFileName().toString().equals(DEFAULT_SCENE))
                    .thenComparing(p -> p.getFileName().toString()));
            return out;
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }

    /** Whether {@code file} is one of {@link #samples()}: a scene shipped in this installation's {@code scenes/}. */
    public boolean isSample(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return scenes().equals(abs.getParent()) && isSceneFile(abs);
    }

    private static boolean isSceneFile(Path p) {
        String name = p.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        return !name.startsWith(".") && SCENE_TYPES.stream().anyMatch(lower::endsWith) && Files.isRegularFile(p);
    }
}
