package org.drtstudio.studio.dialogs;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** What the random spheres dialog accepts; the edit it makes is AddSpheresTest's. */
class RandomSpheresDialogTest {
    @Test
    void countsAndSeedsAreCheckedAtTheFields() {
        assertNull(RandomSpheresDialog.problem("1000", "1"));
        assertNull(RandomSpheresDialog.problem(" 1 ", "-42"));
        assertEquals("The sphere count must be 1 to 1,000,000, got 0.", RandomSpheresDialog.problem("0", "1"));
        assertEquals("The sphere count must be 1 to 1,000,000, got 2000000.", RandomSpheresDialog.problem("2000000", "1"));
        assertEquals("The count must be a whole number.", RandomSpheresDialog.problem("ten", "1"));
        assertEquals("The seed must be a whole number.", RandomSpheresDialog.problem("10", "1.5"));
    }
}
