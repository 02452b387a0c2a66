package org.drtstudio.studio;

import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.io.project.ProjectFiles;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 13: every import that cannot be done is reported the same way, one dialog naming
 * the file and the reason: a picture, a text file renamed .obj, an empty file. Nothing is added.
 * A project that names a model file no longer there opens all the same, with a warning.
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

    /**
     * A project whose model file was moved or deleted opens with the rest of its work, says so in a
     * warning naming the file and why, and a save keeps the model's reference: nothing is lost.
     */
    @Test
    void aProjectWithItsModelGoneOpensWarnsAndSavesTheReferenceBack() throws Exception {
        Path folder = StudioHarness.tempDir("drt-missing-model");
        Path model = folder.resolve("stage.nff"), project = folder.resolve("stage.json");
        Files.copy(TestData.resource("studio/stage.nff"), model);
        SceneModel saved = ProjectConverter.open(model).model();
        ProjectFiles.write(saved, project);
        String before = Files.readString(project);
        Files.delete(model);

        h.dialogs.lastError = null;
        h.dialogs.lastWarning = null;
        fx(() -> {
            h.window.files.open(project);
            return null;
        });
        waitUntil(() -> h.dialogs.lastWarning != null || h.dialogs.lastError != null, 30, "the project opened or refused");
        assertNull(h.dialogs.lastError, "opened, not refused");
        String warning = h.dialogs.lastWarning;
        assertTrue(warning.contains("stage.nff") && warning.contains("file not found") && warning.contains("restore the file"), warning);
        SceneModel opened = fx(() -> h.window.session.document.model());
        assertEquals(saved.lights(), opened.lights(), "the project's lights");
        assertEquals(saved.materials(), opened.materials(), "the project's materials");
        assertEquals(saved.camera(), opened.camera(), "the project's camera");
        assertEquals(project.toAbsolutePath(), fx(() -> h.window.session.file()), "the project is the document's file");

        assertTrue(fx(() -> h.window.files.save()), "saved");
        String after = Files.readString(project);
        // The studio gives a still project a timeline when it opens it; the graph is written back as it was.
        assertEquals(graph(before), graph(after), "the save kept the model's node and reference as they were");
        assertTrue(after.contains("\"file\": \"stage.nff\""), after);
    }

    /** The project's graph and what follows it: from its "root" key on. */
    private static String graph(String project) {
        int at = project.indexOf("\"root\"");
        assertTrue(at > 0, project);
        return project.substring(at);
    }
}
