package org.drtstudio.studio.viewport;

import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

/**
 * An on-screen picture that the preview's BGRA frames are copied into: a {@link WritableImage}
 * over a {@link PixelBuffer}, kept while the frame size stays the same.
 *
 * <p>Why ints: the pixels are handed to JavaFX as premultiplied ARGB ints, not BGRA bytes. The
 * software pipeline (the studio's only one without a GPU) keeps its textures as ARGB ints, so
 * for ints it copies each row in bulk, while for BGRA bytes it converts pixel by pixel on the
 * render thread, which the FX thread waits for at its next pulse: for a maximised 1346×972 view
 * that conversion was most of the render thread's time while dragging. On a little-endian
 * machine the bytes B, G, R, A of a pixel read as one native int are exactly 0xAARRGGBB, so the
 * preview's bytes go in unchanged; a big-endian machine keeps the byte format.
 */
public final class PreviewImage {
    private static final boolean INT_PIXELS = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private WritableImage image;
    private ByteBuffer bytes;
    private PixelBuffer<? extends java.nio.Buffer> pixels;

    /**
     * Shows {@code bgra} ({@code w × h}, premultiplied, 4 bytes a pixel).
     *
     * @return true when a new image was made (the caller puts it in its view)
     */
    public boolean show(byte[] bgra, int w, int h) {
        boolean fresh = image == null || (int) image.getWidth() != w || (int) image.getHeight() != h;
        if (fresh) allocate(w, h);
        bytes.clear();
        bytes.put(bgra, 0, 4 * w * h);
        pixels.updateBuffer(b -> null);
        return fresh;
    }

    private void allocate(int w, int h) {
        bytes = ByteBuffer.allocateDirect(4 * w * h).order(ByteOrder.nativeOrder());
        if (INT_PIXELS) {
            IntBuffer ints = bytes.asIntBuffer();
            pixels = new PixelBuffer<>(w, h, ints, PixelFormat.getIntArgbPreInstance());
        } else {
            pixels = new PixelBuffer<>(w, h, bytes, PixelFormat.getByteBgraPreInstance());
        }
        image = new WritableImage(pixels);
    }

    /** The image, or null before the first frame. */
    public WritableImage image() {
        return image;
    }
}
