package org.drtstudio.studio.window;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** When the status bar's messages go stale, with times passed in. */
class StatusMessagesTest {
    private static final long S = 1_000_000_000L;

    @Test
    void aNoteGoesAfterItsTimeAJobLineStaysUntilTheJobEnds() {
        StatusMessages m = new StatusMessages();
        m.show("saved a.json", StatusMessages.Kind.NOTE, 0);
        assertEquals("saved a.json", m.current(19 * S, -1));
        assertEquals("", m.current(21 * S, -1));
        m.show("exporting…", StatusMessages.Kind.JOB, 30 * S);
        assertEquals("exporting…", m.current(300 * S, 299 * S));
        m.jobEnded("exported x.png", 310 * S);
        assertEquals("exported x.png", m.current(311 * S, 311 * S));
    }

    @Test
    void aPreviewProblemGoesWithTheFirstRenderedFrameAfterIt() {
        StatusMessages m = new StatusMessages();
        m.show("scene cannot be shown: bad", StatusMessages.Kind.PREVIEW_PROBLEM, 10 * S);
        assertEquals("scene cannot be shown: bad", m.current(100 * S, 9 * S), "the last rendered frame came before the problem");
        assertEquals("", m.current(100 * S, 11 * S));
    }

    @Test
    void theHistoryKeepsTheLastMessagesOnceEach() {
        StatusMessages m = new StatusMessages();
        for (int i = 0; i < 12; i++) m.show("m" + i, StatusMessages.Kind.NOTE, i);
        m.show("m11", StatusMessages.Kind.NOTE, 20);
        assertEquals(List.of("m4", "m5", "m6", "m7", "m8", "m9", "m10", "m11"), m.history());
    }

    @Test
    void aNameWithControlBytesReachesTheStatusBarAsOnePrintableLine() {
        // issue 37, item 4: "opened NAME" with ESC, a line break and BEL in the file's name
        StatusMessages m = new StatusMessages();
        m.show("opened e\u001b[2Jv\nil\u0007.obj", StatusMessages.Kind.NOTE, 0);
        assertEquals("opened e?[2Jv?il?.obj", m.current(1, -1));
        assertEquals(List.of("opened e?[2Jv?il?.obj"), m.history());
    }
}
