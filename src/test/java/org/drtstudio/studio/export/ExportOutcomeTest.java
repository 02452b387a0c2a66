package org.drtstudio.studio.export;

import org.drtstudio.io.support.OutputProblem;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An export's end in one line: a failure names the file and why (it is shown in a dialog); a cancel is no failure. */
class ExportOutcomeTest {
    private static final Path OUT = Path.of("/renders/bunnyexr");

    @Test
    void aFailureNamesTheFileAndTheReason() {
        ExportOutcome o = ExportOutcome.failed(OUT, new OutputProblem(OUT, "has no picture extension; supported: .png"));
        assertTrue(o.failed());
        assertEquals("cannot export /renders/bunnyexr: has no picture extension; supported: .png", o.message());
        ExportOutcome gpu = ExportOutcome.failed(Path.of("/renders/still.png"), new IllegalStateException("GPU lost"));
        assertEquals("cannot export /renders/still.png: GPU lost", gpu.message(), "another failure names the export's file");
        assertEquals("cannot export /renders/still.png: NullPointerException",
                ExportOutcome.failed(Path.of("/renders/still.png"), new NullPointerException()).message(), "never 'null'");
    }

    @Test
    void aFrameWhoseWriteFailedIsSaidFirst() {
        Path frame = Path.of("/renders/frame_0003.png");
        IllegalStateException later = new IllegalStateException("GPU lost");
        later.addSuppressed(new OutputProblem(frame, "No space left on device"));
        assertEquals("cannot export /renders/frame_0003.png: No space left on device; then GPU lost",
                ExportOutcome.failed(Path.of("/renders/frame_####.png"), later).message());
    }

    @Test
    void aCancelIsNoFailureUnlessAFrameWasLost() {
        ExportOutcome plain = ExportOutcome.cancelled(OUT, new CancellationException("export cancelled"));
        assertFalse(plain.failed());
        assertEquals("export cancelled", plain.message());
        CancellationException lost = new CancellationException("export cancelled");
        lost.addSuppressed(new IOException("disk full"));
        ExportOutcome o = ExportOutcome.cancelled(Path.of("/renders/frame_####.png"), lost);
        assertTrue(o.failed(), "the frame traced before the cancel is not on disk");
        assertEquals("cannot export /renders/frame_####.png: disk full", o.message());
        assertFalse(ExportOutcome.written("exported still.png").failed());
    }
}
