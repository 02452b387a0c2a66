package org.drtstudio.studio;

import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 13: every import that cannot be done is reported the same way, one dialog naming
 * the file and the reason: a picture, a text file renamed .obj, an empty file. Nothing is added.
 */
class ImportErrorsUiTest {
    private final StudioHarness h = new StudioHarness();

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1100, 700);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    private String refusal(Path file) throws Exception {
        int nodes = fx(() -> h.window.session.document.model().nodes().size());
        h.dialogs.lastError = null;
        fx(() -> {
            h.window.files.importModel(file);
            return null;
        });
        waitUntil(() -> h.dialogs.lastError != null && h.window.files.pendingImports() == 0, 30, "a dialog about " + file.getFileName());
        assertEquals(nodes, (int) fx(() -> h.window.session.document.model().nodes().size()), "nothing imported from " + file.getFileName());
        return h.dialogs.lastError;
    }

    @Test
    void everyRefusedImportIsOneDialogNamingTheFileAndWhy() throws Exception {
        Path folder = StudioHarness.tempDir("drt-bad-imports");
        Path png = folder.resolve("holiday.png");
        Files.write(png, new byte[]{(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 0});
        Path text = folder.resolve("notes.obj");
        Files.writeString(text, "shopping list\nmilk\nbread\n");
        Path empty = folder.resolve("empty.obj");
        Files.write(empty, new byte[0]);
        for (Path p : new Path[]{png, text, empty}) {
            String message = refusal(p);
            String name = p.getFileName().toString();
            assertTrue(message.startsWith("cannot import " + name + ": ") && message.length() > ("cannot import " + name + ": ").length() + 10,
                    "names the file and the reason: " + message);
        }
        // What GTK's file dialog hands back when a folder is typed and Enter pressed: the completion's prefix, which names nothing.
        assertEquals("cannot import spot_: no such file", refusal(folder.resolve("spot_")));
    }
}
