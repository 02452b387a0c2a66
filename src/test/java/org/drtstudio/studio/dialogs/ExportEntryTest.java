package org.drtstudio.studio.dialogs;

import org.drtstudio.studio.export.ExportSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The export dialog's numbers are checked field by field: the wrong one is named with the reason, the first from the top. */
class ExportEntryTest {
    private static ExportEntry.Problem problem(String w, String h, String spp, String first, String last) {
        return new ExportEntry(w, h, spp, first, last).problem().orElseThrow();
    }

    @Test
    void aRangeEndingBeforeItStartsMarksTheLastFrame() {
        // The usability pass: 160 x 120, 4 spp, frames 5 to 2.
        ExportEntry.Problem p = problem("160", "120", "4", "5", "2");
        assertEquals(ExportEntry.Field.LAST_FRAME, p.field());
        assertEquals("Last frame must not be before the first frame (5); got 2", p.message());
    }

    @Test
    void eachFieldIsNamedWithItsReason() {
        assertEquals(new ExportEntry.Problem(ExportEntry.Field.WIDTH, "Width must be a whole number; got \"64o\""), problem("64o", "x", "4", "0", "0"));
        assertEquals(new ExportEntry.Problem(ExportEntry.Field.HEIGHT, "Height must be from 1 to 16384 pixels; got 0"), problem("64", "0", "4", "0", "0"));
        assertEquals(new ExportEntry.Problem(ExportEntry.Field.SAMPLES, "Samples per pixel must be from 1 to 65536; got 70000"),
                problem("64", "48", "70000", "0", "0"));
        assertEquals(new ExportEntry.Problem(ExportEntry.Field.FIRST_FRAME, "First frame must be 0 or more; got -1"), problem("64", "48", "4", "-1", "3"));
        assertEquals(ExportEntry.Field.LAST_FRAME, problem("64", "48", "4", "0", "").field(), "empty");
        assertEquals(ExportEntry.Field.WIDTH, problem("99999999999", "48", "4", "0", "0").field(), "beyond an int");
    }

    @Test
    void goodValuesMakeTheSettings() {
        ExportEntry e = new ExportEntry(" 160", "120 ", "4", "2", "5");
        assertEquals(Optional.empty(), e.problem());
        assertEquals(new ExportSettings(Path.of("f_####.exr"), 160, 120, 4, false, 2, 5, true), e.settings(Path.of("f_####.exr"), false, true));
    }
}
