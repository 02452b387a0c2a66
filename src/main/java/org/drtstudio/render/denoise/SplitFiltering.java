package org.drtstudio.render.denoise;

import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.DiffuseSplit;

/**
 * How both denoisers filter a frame whose radiance is split ({@link DiffuseSplit}): the diffuse part
 * demodulated by the guide's albedo over its own samples' albedo, the other part undivided, each with
 * its own settings, and the two added. Kept apart from the split itself, which is a frame's data.
 */
public final class SplitFiltering {
    private SplitFiltering() {
    }

    /**
     * The diffuse part as the denoiser is to read it: its pixels scaled by the guide's albedo over
     * the own samples' (each at least {@code floor}), so that the denoiser's division by the guide's
     * albedo leaves the diffuse part over the own samples' albedo, and its variance.
     */
    public static DenoiseInput diffuseInput(DiffuseSplit split, DenoiseInput in, float floor) {
        float[] diffuse = split.diffuse(), ownAlbedo = split.ownAlbedo();
        float[] scaled = new float[diffuse.length];
        for (int i = 0; i < scaled.length; i++) {
            scaled[i] = diffuse[i] * Math.max(in.albedo()[i], floor) / Math.max(ownAlbedo[i], floor);
        }
        return new DenoiseInput(in.width(), in.height(), scaled, split.diffuseVariance(), in.normals(), in.albedo(), in.depth());
    }

    /** The other part (radiance − diffuse) and its variance, to be filtered undivided (an albedo floor of 1). */
    public static DenoiseInput otherInput(DiffuseSplit split, DenoiseInput in) {
        float[] diffuse = split.diffuse();
        float[] other = new float[diffuse.length];
        for (int i = 0; i < other.length; i++) other[i] = in.radiance()[i] - diffuse[i];
        return new DenoiseInput(in.width(), in.height(), other, split.otherVariance(), in.normals(), in.albedo(), in.depth());
    }

    /** The albedo floor of the other part's filtering: 1, so nothing (an albedo is at most 1) divides it. */
    public static final float OTHER_FLOOR = 1f;

    /** What a filtering filters: a radiance without a split, or one of a split's two parts (each has its own settings). */
    public enum Part { WHOLE, DIFFUSE, OTHER }

    /** One filtering of a denoiser: the input's radiance demodulated by its albedo (at least {@code floor}), filtered, remodulated. */
    @FunctionalInterface
    public interface Filter {
        /** The filtered radiance, or null when stopped; {@code part}: which radiance {@code in} carries. */
        float[] filter(DenoiseInput in, float floor, Part part);
    }

    /**
     * What both denoisers return: {@code in} filtered as one ({@code floor} the albedo floor) when it
     * has no split, else its diffuse part and its other part filtered apart and added; null when a
     * filtering was stopped.
     */
    public static float[] denoise(DenoiseInput in, float floor, Filter filter) {
        DiffuseSplit split = in.split();
        if (split == null) return filter.filter(in, floor, Part.WHOLE);
        float[] diffuse = filter.filter(diffuseInput(split, in, floor), floor, Part.DIFFUSE);
        if (diffuse == null) return null;
        float[] other = filter.filter(otherInput(split, in), OTHER_FLOOR, Part.OTHER);
        if (other == null) return null;
        for (int i = 0; i < diffuse.length; i++) diffuse[i] += other[i];
        return diffuse;
    }

}
