package org.drtstudio.studio;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a machine without GTK 3 (a render node installed without the package's recommendations) is told. */
class StudioWithoutGtkTest {
    @Test
    void aMissingGtkNamesThePackageAndTheHeadlessWay() {
        String why = Studio.whyNoUi(new UnsatisfiedLinkError("Unable to load glass GTK library."));
        assertTrue(why.contains("GTK 3 is not installed"), why);
        assertTrue(why.contains("libgtk-3-0"), why);
        assertTrue(why.contains("drt render"), why);
        assertEquals(1, why.lines().count(), why);
    }

    @Test
    void otherFailuresAreSaidAsTheToolkitSaysThem() {
        assertEquals("no display", Studio.whyNoUi(new UnsupportedOperationException("no display")));
    }
}
