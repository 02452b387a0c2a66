package org.drtstudio.render.gl;

import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.DiffuseSplit;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * A pass's denoiser inputs ({@link DenoiserImages}) on their way into the storage buffers the GPU
 * filter reads: each image copied into a buffer and freed at once ({@link #copy}). Where the GPU runs
 * out of room part way, or in the filter after, {@link #readBack} brings every input to the host from
 * wherever it is then, its buffer or its image, for the CPU's filter: the traced frame is not lost.
 * Closing frees the buffers still held. On the GL thread.
 */
final class DenoiserCopies implements AutoCloseable {
    private final DenoiserImages images;
    /** Each image copied so far (closed since) and its buffer; in identity, as GL objects are one of a kind. */
    private final Map<Texture2D, ShaderStorageBuffer> copies = new IdentityHashMap<>();

    DenoiserCopies(DenoiserImages images) {
        this.images = images;
    }

    /**
     * The image's texels in a new buffer, the image freed at once (closing it again with its
     * {@link DenoiserImages} does nothing): at no time are all the inputs held twice, about 150 MB
     * more at 1080p.
     */
    ShaderStorageBuffer copy(Texture2D image) throws GpuMemoryException {
        ShaderStorageBuffer b = image.copyToBuffer();
        copies.put(image, b);
        image.close();
        return b;
    }

    /**
     * Every input in {@link DenoiseInput}'s layout, read from its buffer where it was copied and from its
     * image where not, each freed as soon as it is read: the GPU is full, and the reads go straight into
     * the arrays ({@link Texture2D#read}, {@link ShaderStorageBuffer#read(float[])}), needing none of it.
     * The split's inputs make the input's split where the pass made one.
     */
    DenoiseInput readBack() {
        int w = images.width, h = images.height;
        float[] radiance = read(images.radiance), variance = read(images.variance), normals = read(images.normals),
                albedo = read(images.albedo), depth = read(images.depth);
        DiffuseSplit split = !images.hasSplit() ? null : new DiffuseSplit(read(images.diffuse), read(images.diffuseVariance),
                read(images.otherVariance), read(images.ownAlbedo));
        return new DenoiseInput(w, h, radiance, variance, normals, albedo, depth, split);
    }

    /** One input's floats (an R32F image's texels, in order), from its buffer or its image; that one freed. */
    private float[] read(Texture2D image) {
        float[] out = new float[image.width() * image.height()];
        ShaderStorageBuffer copy = copies.remove(image);
        if (copy != null) {
            copy.read(out);
            copy.close();
        } else {
            image.read(out);
            image.close();
        }
        return out;
    }

    @Override
    public void close() {
        for (ShaderStorageBuffer b : copies.values()) b.close();
        copies.clear();
    }
}
