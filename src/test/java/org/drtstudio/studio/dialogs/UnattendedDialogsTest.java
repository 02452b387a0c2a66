package org.drtstudio.studio.dialogs;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** {@code drt studio --measure} never waits on a dialog: every question has an answer that changes nothing. */
class UnattendedDialogsTest {
    @Test
    void errorsArePrintedAndReportedQuestionsAnsweredWithoutAPerson() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<String> errors = new ArrayList<>();
        UnattendedDialogs d = new UnattendedDialogs(new PrintStream(bytes, true), errors::add);
        d.showError("scene.obj:3: face refers to vertex 9 but only 3 are defined");
        assertEquals("drt: scene.obj:3: face refers to vertex 9 but only 3 are defined\n", bytes.toString());
        assertEquals(List.of("scene.obj:3: face refers to vertex 9 but only 3 are defined"), errors);
        assertFalse(d.askRestore(Path.of("recovery.json")), "measure the named scene, not an autosave");
        assertEquals(StudioDialogs.SaveChoice.DISCARD, d.askSaveChanges("scene"));
        assertTrue(d.chooseOpen("Open", false).isEmpty());
        assertTrue(d.chooseSave("Save", "x.json", "json").isEmpty());
        assertTrue(d.askExport(null, false).isEmpty());
    }
}
