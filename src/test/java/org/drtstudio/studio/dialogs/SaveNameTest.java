package org.drtstudio.studio.dialogs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A save chooser's answer ends in the chosen format's extension, and a changed name that exists is asked about. */
class SaveNameTest {
    private static final Path DIR = Path.of("/work/renders");

    @Test
    void aNameTypedWithoutTheExtensionGetsIt() {
        // The usability pass: OpenEXR chosen, "bunnyexr" typed; the export refused it ("has no picture extension").
        assertEquals(DIR.resolve("bunnyexr.exr"), SaveName.withExtension(DIR.resolve("bunnyexr"), "exr"));
        assertEquals(DIR.resolve("scene.json"), SaveName.withExtension(DIR.resolve("scene"), "json"));
        assertEquals(DIR.resolve("shot_####.png"), SaveName.withExtension(DIR.resolve("shot_####"), "png"), "an animation's pattern");
        assertEquals(DIR.resolve("bunny.exr"), SaveName.withExtension(DIR.resolve("bunny."), "exr"), "a trailing dot is not doubled");
        assertEquals(DIR.resolve("bunny.png.exr"), SaveName.withExtension(DIR.resolve("bunny.png"), "exr"), "another format's extension is a name");
    }

    @Test
    void aNameWithTheExtensionIsKeptAndADoubledOneDropped() {
        Path typed = DIR.resolve("Bunny.EXR");
        assertEquals(typed, SaveName.withExtension(typed, "exr"), "any case");
        assertEquals(DIR.resolve("frame.png"), SaveName.withExtension(DIR.resolve("frame.png.png"), "png"), "GTK's doubled extension");
        assertEquals(DIR.resolve(".exr.exr"), SaveName.withExtension(DIR.resolve(".exr"), "exr"), "the extension alone is no name");
    }

    @Test
    void onlyAChangedNameThatExistsIsAskedAbout(@TempDir Path dir) throws Exception {
        Path typed = dir.resolve("bunnyexr"), target = dir.resolve("bunnyexr.exr");
        assertFalse(SaveName.needsReplaceQuestion(typed, target), "nothing there yet");
        Files.writeString(target, "a finished render");
        assertTrue(SaveName.needsReplaceQuestion(typed, target), "the chooser asked about bunnyexr, not bunnyexr.exr");
        assertFalse(SaveName.needsReplaceQuestion(target, target), "the chooser's own answer: it asked already");
    }
}
