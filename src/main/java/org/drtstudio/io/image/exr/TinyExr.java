package org.drtstudio.io.image.exr;

import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.util.tinyexr.EXRChannelInfo;
import org.lwjgl.util.tinyexr.EXRHeader;
import org.lwjgl.util.tinyexr.EXRImage;
import org.lwjgl.util.tinyexr.EXRVersion;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.lwjgl.util.tinyexr.TinyEXR.*;

/**
 * The one door to tinyexr (LWJGL's binding of the single-file OpenEXR codec): EXR bytes to a picture of named float
 * channels ({@link ExrWriter} writes them: tinyexr's encoder runs on one thread). tinyexr needs no GL context or display; this package
 * is the only code besides render.gl and render.embree that may use LWJGL (ArchitectureTest says
 * why). Native memory is freed on every path; tinyexr's error message is copied, then freed.
 */
public final class TinyExr {
    /** A channel: its name ({@code R}, {@code depth.Z}), one float per pixel (rows top to bottom), and whether it is stored as half. */
    public record Channel(String name, float[] values, boolean half) {
    }

    /** A decoded picture: size and channels (stored type forgotten: values as float). */
    public record Picture(int width, int height, List<Channel> channels) {
        /** The channel called {@code name}, or null. */
        public Channel channel(String name) {
            for (Channel c : channels) if (c.name().equals(name)) return c;
            return null;
        }
    }

    private TinyExr() {
    }

    /** The size a header claims, read before anything is decoded: {width, height, channels}. */
    public static int[] size(byte[] bytes) throws IOException {
        ByteBuffer file = MemoryUtil.memAlloc(Math.max(1, bytes.length)).put(bytes).flip();
        try (MemoryStack stack = MemoryStack.stackPush()) {
            EXRVersion version = EXRVersion.calloc(stack);
            if (ParseEXRVersionFromMemory(version, file) != TINYEXR_SUCCESS) throw new IOException("not an OpenEXR file");
            if (version.multipart() || version.non_image()) throw new IOException("a multi-part or deep EXR file is not read");
            EXRHeader header = EXRHeader.calloc(stack);
            InitEXRHeader(header);
            PointerBuffer error = stack.mallocPointer(1);
            if (ParseEXRHeaderFromMemory(header, version, file, error) != TINYEXR_SUCCESS) throw new IOException("its EXR header is malformed: " + message(error));
            try {
                long w = (long) header.data_window().max_x() - header.data_window().min_x() + 1;
                long h = (long) header.data_window().max_y() - header.data_window().min_y() + 1;
                if (w <= 0 || h <= 0 || w > Integer.MAX_VALUE || h > Integer.MAX_VALUE) throw new IOException("its data window is empty or too large");
                return new int[] {(int) w, (int) h, header.num_channels()};
            } finally {
                FreeEXRHeader(header);
            }
        } finally {
            MemoryUtil.memFree(file);
        }
    }

    /**
     * Decodes a scanline single-part EXR (the caller has checked its size with {@link #size}). The
     * bytes are copied to native memory: tinyexr reads through a pointer, which a heap array has not.
     */
    public static Picture decode(byte[] bytes) throws IOException {
        ByteBuffer file = MemoryUtil.memAlloc(Math.max(1, bytes.length)).put(bytes).flip();
        try (MemoryStack stack = MemoryStack.stackPush()) {
            EXRVersion version = EXRVersion.calloc(stack);
            if (ParseEXRVersionFromMemory(version, file) != TINYEXR_SUCCESS) throw new IOException("not an OpenEXR file");
            EXRHeader header = EXRHeader.calloc(stack);
            InitEXRHeader(header);
            PointerBuffer error = stack.mallocPointer(1);
            if (ParseEXRHeaderFromMemory(header, version, file, error) != TINYEXR_SUCCESS) throw new IOException("its EXR header is malformed: " + message(error));
            EXRImage image = EXRImage.calloc(stack);
            InitEXRImage(image);
            boolean loaded = false;
            try {
                int n = header.num_channels();
                IntBuffer requested = header.requested_pixel_types();
                for (int c = 0; c < n; c++) requested.put(c, TINYEXR_PIXELTYPE_FLOAT);
                // On a failure tinyexr frees what it had decoded itself, and leaves the pointers: freeing the image
                // again would free them twice (found by TextureFormatsTest's mutated files), so only a loaded one is freed.
                if (LoadEXRImageFromMemory(image, header, file, error) != TINYEXR_SUCCESS) throw new IOException("it does not decode: " + message(error));
                loaded = true;
                if (image.images() == null) throw new IOException("a tiled EXR file is not read");
                int w = image.width(), h = image.height();
                List<Channel> channels = new ArrayList<>(n);
                EXRChannelInfo.Buffer info = header.channels();
                PointerBuffer planes = image.images();
                for (int c = 0; c < n; c++) {
                    float[] values = new float[w * h];
                    MemoryUtil.memFloatBuffer(planes.get(c), w * h).get(values);
                    channels.add(new Channel(info.get(c).nameString(), values, info.get(c).pixel_type() == TINYEXR_PIXELTYPE_HALF));
                }
                return new Picture(w, h, channels);
            } finally {
                if (loaded) FreeEXRImage(image);
                FreeEXRHeader(header);
            }
        } finally {
            MemoryUtil.memFree(file);
        }
    }

    private static String message(PointerBuffer error) {
        long address = error.get(0);
        if (address == 0) return "no reason given";
        String text = MemoryUtil.memASCII(address);
        FreeEXRErrorMessage(MemoryUtil.memByteBuffer(address, 1));
        return text;
    }
}
