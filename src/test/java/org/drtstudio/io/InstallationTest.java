package org.drtstudio.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the shipped scenes are found, and which files of that folder count as samples. */
class InstallationTest {
    @TempDir
    Path home;

    @Test
    void samplesAreTheOpenableScenesDefaultFirstThenByName() throws Exception {
        Path scenes = Files.createDirectories(home.resolve("scenes"));
        for (String f : List.of("orbit.json", "default.nff", "cornell-box.json", "Model.OBJ", "room.cfg", "notes.txt",
                ".spot.json.1234.tmp", "picture.png", "maze.vox", "hut.vxt")) {
            Files.writeString(scenes.resolve(f), "x");
        }
        Files.createDirectories(scenes.resolve("folder.json")); // a folder, whatever its name
        List<String> names = new Installation(home).samples().stream().map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of("default.nff", "Model.OBJ", "cornell-box.json", "hut.vxt", "maze.vox", "orbit.json", "room.cfg"), names);
    }

    @Test
    void aFileIsASampleOnlyInTheScenesFolder() throws Exception {
        Path scenes = Files.createDirectories(home.resolve("scenes"));
        Files.writeString(scenes.resolve("default.nff"), "x");
        Files.writeString(scenes.resolve("notes.txt"), "x");
        Files.writeString(home.resolve("mine.nff"), "x");
        Installation installation = new Installation(home);
        assertTrue(installation.isSample(scenes.resolve("default.nff")));
        assertTrue(installation.isSample(scenes.resolve("../scenes/./default.nff")), "the same file by another name");
        assertFalse(installation.isSample(scenes.resolve("notes.txt")), "not a scene");
        assertFalse(installation.isSample(home.resolve("mine.nff")), "a scene of the user's");
    }

    @Test
    void noScenesFolderMeansNoSamples() {
        assertEquals(List.of(), new Installation(home).samples());
    }

    @Test
    void theLaunchersPropertyNamesTheInstallationElseTheWorkingFolder() throws Exception {
        String before = System.getProperty(Installation.HOME_PROPERTY);
        try {
            Files.createDirectories(home.resolve("scenes"));
            System.setProperty(Installation.HOME_PROPERTY, home.toString());
            assertEquals(home.toAbsolutePath().normalize(), Installation.current().home());

            // A folder without scenes (a wrong or stale property) is not taken: the working folder is.
            Path empty = Files.createDirectories(home.resolve("elsewhere"));
            System.setProperty(Installation.HOME_PROPERTY, empty.toString());
            assertEquals(Path.of("").toAbsolutePath(), Installation.current().home());

            System.clearProperty(Installation.HOME_PROPERTY);
            assertEquals(Path.of("").toAbsolutePath(), Installation.current().home());
        } finally {
            if (before == null) System.clearProperty(Installation.HOME_PROPERTY);
            else System.setProperty(Installation.HOME_PROPERTY, before);
        }
    }

    @Test
    void theCheckoutIsAnInstallationLayout() {
        // Tests run in the checkout's root, as ./drt does: its scenes are the samples.
        Installation checkout = new Installation(Path.of(""));
        assertTrue(checkout.samples().contains(checkout.scenes().resolve(Installation.DEFAULT_SCENE)));
        assertEquals(Installation.DEFAULT_SCENE, checkout.samples().get(0).getFileName().toString());
        assertTrue(Files.isRegularFile(checkout.assets().resolve("LICENSES.md")));
    }
}
