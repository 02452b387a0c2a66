package org.drtstudio.studio.export;

import java.nio.file.Path;

/**
 * An export request. For an animation, {@code output} contains a run of '#' replaced by the frame
 * number.
 *
 * @param pfm write linear radiance as PFM (HDR) instead of an 8-bit PNG
 * @param denoise write each frame denoised, as {@code drt render --denoise} does
 */
public record ExportSettings(Path output, int width, int height, int samples, boolean pfm, int firstFrame, int lastFrame,
                      boolean denoise) {
    /** Settings that write the frames as traced. */
    public ExportSettings(Path output, int width, int height, int samples, boolean pfm, int firstFrame, int lastFrame) {
        this(output, width, height, samples, pfm, firstFrame, lastFrame, false);
    }

    public ExportSettings {
        if (width < 1 || height < 1 || width > 16384 || height > 16384)
            throw new IllegalArgumentException("size must be 1..16384 pixels per side, got " + width + "x" + height);
        if (samples < 1 || samples > 65536) throw new IllegalArgumentException("samples must be 1..65536, got " + samples);
        if (firstFrame < 0 || lastFrame < firstFrame) throw new IllegalArgumentException("frame range must be 0 <= first <= last, got " + firstFrame + ".." + lastFrame);
    }

    public ExportSettings withOutput(Path p) {
        return new ExportSettings(p, width, height, samples, pfm, firstFrame, lastFrame, denoise);
    }

    /**
     * The file of frame {@code f}: the run of '#' replaced by the zero-padded frame number. A name
     * without '#' gets "_####" before its extension, so the frames of a sequence never overwrite
     * each other in one file.
     */
    public Path frameFile(int f) {
        String s = output.toString();
        int start = s.indexOf('#');
        if (start < 0) {
            String name = output.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String numbered = (dot > 0 ? name.substring(0, dot) : name) + "_####" + (dot > 0 ? name.substring(dot) : "");
            return withOutput(output.resolveSibling(numbered)).frameFile(f);
        }
        int end = start;
        while (end < s.length() && s.charAt(end) == '#') end++;
        return Path.of(s.substring(0, start) + String.format("%0" + (end - start) + "d", f) + s.substring(end));
    }
}
