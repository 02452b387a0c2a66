package org.drtstudio.scene.authored;

/**
 * Timing of an animation. Frame {@code f} shows the scene at time {@code f / fps} seconds; its
 * shutter is open from {@code (f + shutterOpen) / fps} to {@code (f + shutterClose) / fps}, the
 * interval motion blur integrates over.
 *
 * @param shutterOpen  start of exposure as a fraction of a frame after the frame's time, −1..1
 * @param shutterClose end of exposure as a fraction of a frame, shutterOpen..1 (0.5 = a 180° shutter)
 */
public record AnimationSettings(double fps, int startFrame, int endFrame, double shutterOpen, double shutterClose) {
    /** 24 fps, a single frame 0, a 180° shutter. Static scenes use this too. */
    public static final AnimationSettings DEFAULT = new AnimationSettings(24, 0, 0, 0, 0.5);

    public AnimationSettings {
        if (!(fps > 0) || !Double.isFinite(fps) || fps > 10_000)
            throw new IllegalArgumentException("fps must be > 0 and at most 10000, got " + fps);
        if (startFrame < 0 || endFrame < startFrame)
            throw new IllegalArgumentException("frames must satisfy 0 <= start <= end, got " + startFrame + ".." + endFrame);
        if (!(shutterOpen >= -1 && shutterOpen <= shutterClose && shutterClose <= 1))
            throw new IllegalArgumentException("shutter must satisfy -1 <= open <= close <= 1, got " + shutterOpen + ".." + shutterClose);
    }

    /** The scene time of frame {@code frame}, in seconds. */
    public double frameTime(int frame) {
        return frame / fps;
    }

    /** When the shutter opens for a frame shown at {@code time} seconds. */
    public double shutterOpenTime(double time) {
        return time + shutterOpen / fps;
    }

    /** When the shutter closes for a frame shown at {@code time} seconds. */
    public double shutterCloseTime(double time) {
        return time + shutterClose / fps;
    }

    /**
     * The random seed for rendering frame {@code frame} of an animation rendered with {@code seed}:
     * a SplitMix64 mix of both, so consecutive frames get unrelated noise (no frozen grain) while a
     * frame renders identically whichever process or order renders it.
     */
    public static long frameSeed(long seed, int frame) {
        long z = seed + (frame + 1L) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public AnimationSettings withShutter(double open, double close) {
        return new AnimationSettings(fps, startFrame, endFrame, open, close);
    }

    /** True when the shutter is open for a while, so moving objects blur. */
    public boolean hasExposure() {
        return shutterClose > shutterOpen;
    }

    public AnimationSettings withFrames(int start, int end) {
        return new AnimationSettings(fps, start, end, shutterOpen, shutterClose);
    }
}
