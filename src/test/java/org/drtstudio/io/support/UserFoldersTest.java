package org.drtstudio.io.support;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The XDG folders of settings and state, and the one move of the files of ~/.drtstudio. */
class UserFoldersTest {
    @TempDir
    Path home;

    @Test
    void theXdgVariablesOrTheirDefaultsNameTheFolders() {
        UserFolders defaults = new UserFolders(Map.of(), home);
        assertEquals(home.resolve(".config/drt-studio"), defaults.config());
        assertEquals(home.resolve(".local/state/drt-studio"), defaults.state());
        UserFolders set = new UserFolders(Map.of("XDG_CONFIG_HOME", "/etc/xdg-test", "XDG_STATE_HOME", "/var/state-test"), home);
        assertEquals(Path.of("/etc/xdg-test/drt-studio"), set.config());
        assertEquals(Path.of("/var/state-test/drt-studio"), set.state());
        UserFolders relative = new UserFolders(Map.of("XDG_CONFIG_HOME", "relative/config", "XDG_STATE_HOME", ""), home);
        assertEquals(defaults.config(), relative.config(), "a relative path is ignored, as the specification asks");
        assertEquals(defaults.state(), relative.state());
    }

    @Test
    void theOldFolderIsMovedOverOnceAndNothingIsOverwritten() throws Exception {
        Path old = Files.createDirectories(home.resolve(".drtstudio"));
        Files.writeString(old.resolve("recent.txt"), "/a.json\n");
        Files.writeString(old.resolve("window.properties"), "w=1\n");
        Files.writeString(old.resolve("recovery.json"), "{}");
        Files.writeString(old.resolve("farm-jobs.jsonl"), "{\"job\":1}\n");
        UserFolders f = new UserFolders(Map.of(), home);
        Files.createDirectories(f.config());
        Files.writeString(f.config().resolve("window.properties"), "newer\n"); // already there: kept
        f.migrate();
        assertEquals("/a.json\n", Files.readString(f.config().resolve("recent.txt")));
        assertEquals("newer\n", Files.readString(f.config().resolve("window.properties")));
        assertEquals("{}", Files.readString(f.state().resolve("recovery.json")));
        assertEquals("{\"job\":1}\n", Files.readString(f.state().resolve("farm-jobs.jsonl")));
        assertEquals("w=1\n", Files.readString(old.resolve("window.properties")), "the old one that was not moved stays");
        assertTrue(Files.isDirectory(old));
        Files.delete(old.resolve("window.properties"));
        f.migrate();
        assertFalse(Files.exists(old), "an emptied old folder is removed");
        f.migrate(); // nothing left to do
    }

    @Test
    void filesThatAreNotOursStay() throws Exception {
        Path old = Files.createDirectories(home.resolve(".drtstudio"));
        Files.writeString(old.resolve("notes.txt"), "mine");
        new UserFolders(Map.of(), home).migrate();
        assertEquals("mine", Files.readString(old.resolve("notes.txt")));
    }
}
