package org.drtstudio.render.gl;

/**
 * A renderer's display image and error counter, kept from pass to pass and made anew only for a
 * new size. Why kept: on the H200 (bunny_1m, 1080p, 16 spp) making and deleting them took about
 * 0.3 ms of each frame's setup and release, with the GPU idle. GL thread.
 */
final class PassTargets implements AutoCloseable {
    private Texture2D display;
    private ShaderStorageBuffer errors;

    /** The RGBA8 display image of a {@code w} × {@code h} pass (the resolve pass writes every pixel). */
    Texture2D display(int w, int h) {
        if (display == null || display.width() != w || display.height() != h) {
            if (display != null) display.close();
            display = null;
            display = Texture2D.create(TextureFormat.RGBA8, w, h);
        }
        return display;
    }

    /** The pass's error counter (one uint the shaders add to), zeroed. */
    ShaderStorageBuffer errorCounter() {
        if (errors == null) errors = ShaderStorageBuffer.create(4);
        errors.clear(0, 4);
        return errors;
    }

    @Override
    public void close() {
        if (display != null) display.close();
        if (errors != null) errors.close();
        display = null;
        errors = null;
    }
}
