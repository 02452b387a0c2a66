package org.drtstudio.render.gl;

/**
 * One pass's denoiser inputs ({@link org.drtstudio.render.DenoiseInput}'s arrays) where
 * {@link GlPixelArrays} made them: R32F images whose texels are the arrays' elements in order (an
 * array of three floats a pixel is an image three times the picture's width). Handed to
 * {@link GlDenoiser#denoiseOnGlThread} instead of being read back and sent up again. Owns its
 * images; the split's are null when the pass made no split. On the GL thread.
 */
final class DenoiserImages implements AutoCloseable {
    final int width, height;
    Texture2D radiance, variance, depth, normals, albedo;
    /** {@link org.drtstudio.render.DiffuseSplit}'s arrays, or null. */
    Texture2D diffuse, ownAlbedo, diffuseVariance, otherVariance;

    DenoiserImages(int width, int height) {
        this.width = width;
        this.height = height;
    }

    /** Whether the pass made every input the filter needs (the split is optional). */
    boolean complete() {
        boolean split = diffuse != null && ownAlbedo != null && diffuseVariance != null && otherVariance != null;
        boolean noSplit = diffuse == null && ownAlbedo == null && diffuseVariance == null && otherVariance == null;
        return radiance != null && variance != null && depth != null && normals != null && albedo != null && (split || noSplit);
    }

    boolean hasSplit() {
        return diffuse != null;
    }

    @Override
    public void close() {
        for (Texture2D t : new Texture2D[]{radiance, variance, depth, normals, albedo, diffuse, ownAlbedo, diffuseVariance, otherVariance}) {
            if (t != null) t.close();
        }
        radiance = variance = depth = normals = albedo = diffuse = ownAlbedo = diffuseVariance = otherVariance = null;
    }
}
