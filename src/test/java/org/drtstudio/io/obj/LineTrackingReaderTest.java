package org.drtstudio.io.obj;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/** The bounded line splitter agrees with BufferedReader.readLine wherever lines and buffers end. */
class LineTrackingReaderTest {
    @Test
    void splitsLikeBufferedReaderAcrossBufferBoundaries() throws Exception {
        Random random = new Random(14);
        String[] pieces = {"\n", "\r", "\r\n", "\n\n", "v 1 2 3", "f 1 2 3", "", "x".repeat(70_000), "# c"};
        for (int round = 0; round < 60; round++) {
            StringBuilder text = new StringBuilder();
            int parts = 1 + random.nextInt(200);
            for (int k = 0; k < parts; k++) text.append(pieces[random.nextInt(pieces.length)]);
            int chunk = 1 + random.nextInt(round % 2 == 0 ? 7 : 70_000);
            List<String> expected = new ArrayList<>(), actual = new ArrayList<>();
            BufferedReader reference = new BufferedReader(new StringReader(text.toString()));
            for (String l; (l = reference.readLine()) != null; ) expected.add(l);
            LineTrackingReader reader = new LineTrackingReader(chunked(text.toString(), chunk));
            for (String l; (l = reader.readLine()) != null; ) actual.add(l);
            assertEquals(expected, actual, "round " + round + ", chunks of " + chunk);
            assertEquals(expected.size(), reader.physicalLines());
        }
    }

    @Test
    void aLineOverTheLimitEndsTheRead() {
        LineTrackingReader reader = new LineTrackingReader(new StringReader("ok\n" + "7".repeat(LineTrackingReader.MAX_LINE_LENGTH + 1)));
        assertEquals("ok", reader.readLine());
        LineTrackingReader.LineTooLong e = assertThrows(LineTrackingReader.LineTooLong.class, reader::readLine);
        assertEquals(2, e.line());
        assertEquals("7".repeat(LineTrackingReader.MAX_LINE_LENGTH), new LineTrackingReader(
                new StringReader("7".repeat(LineTrackingReader.MAX_LINE_LENGTH))).readLine(), "a line at the limit is read");
    }

    /** A reader that hands out at most {@code chunk} characters per read. */
    private static Reader chunked(String text, int chunk) {
        return new Reader() {
            private int pos;

            @Override
            public int read(char[] buf, int off, int len) {
                if (pos >= text.length()) return -1;
                int n = Math.min(Math.min(len, chunk), text.length() - pos);
                text.getChars(pos, pos + n, buf, off);
                pos += n;
                return n;
            }

            @Override
            public void close() {
            }
        };
    }
}
