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
    /** The largest side and sample count an export takes (the export dialog checks against them too). */
    public static final int MAX_SIDE = 16384, MAX_SAMPLES = 65536;

    /** Settings that write the frames as traced. */
    public ExportSettings(Path output, int width, int height, int samples, boolean pfm, int firstFrame, int lastFrame) {
        this(output, width, height, samples, pfm, firstFrame, lastFrame, false);
    }

    public ExportSettings {
        if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE)
            throw new IllegalArgumentException("size must be 1.." + MAX_SIDE + " pixels per side, got " + width + "x" + height);
        if (samples < 1 || samples > MAX_SAMPLES) throw new IllegalArgumentException("samples must be 1.." + MAX_SAMPLES + ", got " + samples);
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
