package org.drtstudio.app;

import org.drtstudio.cli.DrtCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ImplicitStudioTest {
    @TempDir
    Path dir;

    @Test
    void aLoneExistingFileOpensTheStudio() throws Exception {
        Path model = Files.writeString(dir.resolve("m.obj"), "v 0 0 0\n");
        assertArrayEquals(new String[]{"studio", model.toString()}, ImplicitStudio.arguments(new String[]{model.toString()}));
    }

    @Test
    void subcommandsOptionsMissingFilesAndLongerLinesAreLeftAlone() {
        for (String[] args : new String[][]{{"render"}, {"--help"}, {dir.resolve("missing.obj").toString()},
                {dir.toString()}, {"x.obj", "y.obj"}, {"a\0b"}}) {
            assertArrayEquals(args, ImplicitStudio.arguments(args), String.join(" ", args));
        }
    }

    @Test
    void aFileNamedLikeASubcommandDoesNotShadowIt() throws Exception {
        Path render = Files.writeString(dir.resolve("render"), "v 0 0 0\n");
        assertEquals(DrtCommand.create(null).getSubcommands().keySet(), ImplicitStudio.SUBCOMMANDS);
        assertArrayEquals(new String[]{"render"}, ImplicitStudio.arguments(new String[]{"render"}));
        assertArrayEquals(new String[]{"studio", render.toString()}, ImplicitStudio.arguments(new String[]{render.toString()}));
    }
}
