package org.drtstudio.bench;

/**
 * The knobs of a scene-suite run, written to the JSON beside the figures.
 *
 * @param width        image width of the GPU ray measurements and the full frame
 * @param height       image height of the same
 * @param repeats      timed runs per GPU figure (after an untimed warm-up), reported as the median
 * @param frameRepeats timed full frames per scene (each a whole 16-spp frame: on llvmpipe one is plenty)
 * @param frameWidth   image width of the full frame; below {@code width} (for llvmpipe, where a 1080p 16-spp
 *                     frame takes minutes) its time is also reported scaled by the pixel count to width × height
 * @param frameHeight  image height of the full frame
 * @param frameSpp     samples per pixel of the full frame
 * @param cpuDivisor   the CPU baseline traces rays at width/cpuDivisor × height/cpuDivisor, and renders its
 *                     frame at half that again (its figures are normalised, not extrapolated from speed)
 * @param cpuThreads   threads of the CPU tracer (0: skip the CPU baseline)
 */
public record SuiteSettings(int width, int height, int repeats, int frameRepeats, int frameWidth, int frameHeight,
                            int frameSpp, int cpuDivisor, int cpuThreads) {
    public SuiteSettings {
        if (width < 1 || height < 1) throw new IllegalArgumentException("size must be positive, got " + width + "x" + height);
        if (repeats < 1 || frameRepeats < 1) throw new IllegalArgumentException("repeats must be ≥ 1");
        if (frameWidth < 1 || frameHeight < 1) throw new IllegalArgumentException("frame size must be positive, got " + frameWidth + "x" + frameHeight);
        if (frameSpp < 1) throw new IllegalArgumentException("frame spp must be ≥ 1, got " + frameSpp);
        if (cpuDivisor < 1) throw new IllegalArgumentException("cpu divisor must be ≥ 1, got " + cpuDivisor);
    }

    int cpuRayWidth() { return Math.max(1, width / cpuDivisor); }
    int cpuRayHeight() { return Math.max(1, height / cpuDivisor); }
    int cpuFrameWidth() { return Math.max(1, width / (2 * cpuDivisor)); }
    int cpuFrameHeight() { return Math.max(1, height / (2 * cpuDivisor)); }
}
