package org.drtstudio.farm;

import java.util.ArrayList;
import java.util.List;

/** Frames {@code first .. last} of an animation, as {@code drt render --frames A-B} takes them. */
public record FrameRange(int first, int last) {

    public FrameRange {
        if (first < 0 || last < first) throw new IllegalArgumentException("frames " + first + "-" + last);
    }

    /** "A-B" with 0 ≤ A ≤ B. */
    public static FrameRange parse(String text) throws FarmException {
        String[] parts = text.split("-", -1);
        try {
            if (parts.length != 2) throw new NumberFormatException();
            int a = Integer.parseInt(parts[0].trim()), b = Integer.parseInt(parts[1].trim());
            if (a < 0 || b < a) throw new NumberFormatException();
            return new FrameRange(a, b);
        } catch (NumberFormatException e) {
            throw new FarmException("--frames must be A-B with 0 <= A <= B, got '" + text + "'");
        }
    }

    public int count() {
        return last - first + 1;
    }

    /** Consecutive ranges of at most {@code size} frames covering this one: one per farm task. */
    public List<FrameRange> chunks(int size) {
        if (size < 1) throw new IllegalArgumentException("chunk size " + size);
        List<FrameRange> out = new ArrayList<>();
        for (long a = first; a <= last; a += size) out.add(new FrameRange((int) a, (int) Math.min(last, a + size - 1)));
        return out;
    }

    @Override
    public String toString() {
        return first == last ? Integer.toString(first) : first + "-" + last;
    }
}
