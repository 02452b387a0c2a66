package org.drtstudio.io.support;

/**
 * Where the frame number goes in an output name of a frame sequence: the last run of {@code #}
 * becomes the number, zero-padded to the run's length ({@code orbit_####.png}, frame 7:
 * {@code orbit_0007.png}; a number wider than its run is written whole). Earlier {@code #}s are
 * part of the name: {@code take##_####.png} gives {@code take##_0007.png}. Blender's rule, so a name
 * that works there works here. One rule for {@code drt render --frames}, the farm's tasks and its
 * video step.
 */
public final class FrameNumbering {
    private FrameNumbering() {
    }

    /** Whether {@code fileName} has a place for the frame number. */
    public static boolean hasRun(String fileName) {
        return fileName.indexOf('#') >= 0;
    }

    /** {@code pattern} with its last run of '#' replaced by {@code frame}, zero-padded to the run's length. */
    public static String name(String pattern, int frame) {
        int[] run = lastRun(pattern);
        return pattern.substring(0, run[0]) + String.format("%0" + (run[1] - run[0]) + "d", frame) + pattern.substring(run[1]);
    }

    /** {@code pattern} as a printf pattern (ffmpeg's {@code -i}): the last run as {@code %0Nd}, every other '%' doubled. */
    public static String printfPattern(String pattern) {
        int[] run = lastRun(pattern);
        return pattern.substring(0, run[0]).replace("%", "%%") + "%0" + (run[1] - run[0]) + "d"
                + pattern.substring(run[1]).replace("%", "%%");
    }

    /** Start and end of the last run of '#'. */
    private static int[] lastRun(String pattern) {
        int end = pattern.lastIndexOf('#') + 1;
        if (end == 0) throw new IllegalArgumentException("no '#' for the frame number in " + pattern);
        int start = end - 1;
        while (start > 0 && pattern.charAt(start - 1) == '#') start--;
        return new int[]{start, end};
    }
}
