package org.drtstudio.io.support;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Set;

/**
 * Where DRT Studio keeps its own files, as the XDG Base Directory specification says:
 * settings ({@code recent.txt}, {@code window.properties}) in {@code $XDG_CONFIG_HOME/drt-studio}
 * (default {@code ~/.config/drt-studio}), state ({@code recovery.json}, {@code recovery-source.txt},
 * the farm's {@code farm-jobs.jsonl}) in {@code $XDG_STATE_HOME/drt-studio} (default
 * {@code ~/.local/state/drt-studio}). A variable that is unset, empty or not an absolute path is
 * ignored, as the specification asks.
 *
 * <p>The files of earlier versions, in {@code ~/.drtstudio}, are moved once ({@link #migrate}): each
 * to its new folder unless a file of that name is already there, then the old folder is removed if
 * that left it empty. A file that cannot be moved stays where it was; nothing is deleted.
 */
public final class UserFolders {
    /** The folder name under the XDG homes. */
    public static final String NAME = "drt-studio";
    /** The folder of versions before the XDG folders, under the home folder. */
    public static final String LEGACY = ".drtstudio";
    private static final Set<String> SETTINGS = Set.of("recent.txt", "window.properties");
    private static final Set<String> STATE = Set.of("recovery.json", "recovery-source.txt", "farm-jobs.jsonl");

    private final Path home;
    private final Path config;
    private final Path state;

    /** @param env the environment ({@code XDG_CONFIG_HOME}, {@code XDG_STATE_HOME}); {@code home} the user's home folder */
    public UserFolders(Map<String, String> env, Path home) {
        this.home = home;
        this.config = base(env.get("XDG_CONFIG_HOME"), home.resolve(".config")).resolve(NAME);
        this.state = base(env.get("XDG_STATE_HOME"), home.resolve(".local").resolve("state")).resolve(NAME);
    }

    /** This process's folders, the old ones moved over first. */
    public static UserFolders ofUser() {
        UserFolders f = new UserFolders(System.getenv(), Path.of(System.getProperty("user.home")));
        f.migrate();
        return f;
    }

    /** The settings folder (it may not exist yet). */
    public Path config() {
        return config;
    }

    /** The state folder (it may not exist yet). */
    public Path state() {
        return state;
    }

    /** Moves the files of {@code ~/.drtstudio} to the XDG folders, once; see the class comment. */
    public void migrate() {
        Path legacy = home.resolve(LEGACY);
        if (!Files.isDirectory(legacy, LinkOption.NOFOLLOW_LINKS)) return;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(legacy)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                Path to = SETTINGS.contains(name) ? config.resolve(name) : STATE.contains(name) ? state.resolve(name) : null;
                if (to == null || Files.exists(to, LinkOption.NOFOLLOW_LINKS) || !Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) continue;
                try {
                    Files.createDirectories(to.getParent());
                    Files.move(f, to, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    try {
                        Files.copy(f, to, StandardCopyOption.COPY_ATTRIBUTES); // another file system: copy, then remove
                        Files.delete(f);
                    } catch (IOException stays) {
                        // left where it was; the next start tries again
                    }
                }
            }
        } catch (IOException e) {
            return; // an unreadable old folder is left alone
        }
        try {
            Files.delete(legacy); // only when empty
        } catch (IOException notEmpty) {
            // other files of the user's stay
        }
    }

    private static Path base(String value, Path fallback) {
        if (value == null || value.isEmpty()) return fallback;
        try {
            Path p = Path.of(value);
            return p.isAbsolute() ? p : fallback;
        } catch (RuntimeException e) {
            return fallback;
        }
    }
}
