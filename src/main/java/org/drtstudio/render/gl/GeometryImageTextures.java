package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.render.RenderException;

/**
 * The geometry image on the GPU: its five arrays as RGBA32F textures of
 * {@link GeometryImageLayout#TEXTURE_WIDTH} texels per row, bound to the sampler units that
 * {@code shaders/geometry_image.glsl} declares (0 nodes, 1 primitives, 2 normals, 3 materials, 4 lights).
 */
final class GeometryImageTextures implements AutoCloseable {
    private final GeometryImage source;
    private final Texture2D[] textures = new Texture2D[5];
    private final long uploadNanos;

    GeometryImageTextures(GeometryImage image, GlInfo info) throws RenderException {
        this.source = image;
        long t0 = System.nanoTime();
        float[][] arrays = {image.nodes(), image.primitives(), image.normals(), image.materials(), image.lights()};
        String[] names = {"nodes", "primitives", "normals", "materials", "lights"};
        try {
            for (int i = 0; i < arrays.length; i++) textures[i] = upload(arrays[i], names[i], info);
        } catch (RenderException | RuntimeException e) {
            close();
            throw e;
        }
        uploadNanos = System.nanoTime() - t0;
    }

    private static Texture2D upload(float[] data, String name, GlInfo info) throws RenderException {
        int width = GeometryImageLayout.TEXTURE_WIDTH;
        int texels = Math.max(1, data.length / 4);
        int rows = GeometryImageLayout.rowsFor(texels);
        if (rows > info.maxTextureSize() || width > info.maxTextureSize()) {
            throw new RenderException("the scene's " + name + " need " + rows + " rows of " + width
                    + " texels, more than GL_MAX_TEXTURE_SIZE = " + info.maxTextureSize() + " of " + info.renderer());
        }
        Texture2D t = Texture2D.create(TextureFormat.RGBA32F, width, rows);
        int fullRows = (data.length / 4) / width;
        if (fullRows > 0) {
            float[] block = fullRows * width * 4 == data.length ? data : java.util.Arrays.copyOf(data, fullRows * width * 4);
            t.write(0, 0, width, fullRows, block);
        }
        int rest = data.length / 4 - fullRows * width;
        if (rest > 0) {
            t.write(0, fullRows, rest, 1, java.util.Arrays.copyOfRange(data, fullRows * width * 4, data.length));
        }
        return t;
    }

    boolean holds(GeometryImage image) {
        return image == source;
    }

    void bind() {
        for (int i = 0; i < textures.length; i++) textures[i].bindSampler(i);
    }

    long uploadNanos() {
        return uploadNanos;
    }

    @Override
    public void close() {
        for (Texture2D t : textures) if (t != null) t.close();
    }
}
