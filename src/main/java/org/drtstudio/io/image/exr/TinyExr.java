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
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.lwjgl.util.tinyexr.TinyEXR.*;

/**
 * The one door to tinyexr (LWJGL's binding of the single-file OpenEXR codec): a scanline picture of
 * named float channels to EXR bytes and back. tinyexr needs no GL context or display; this package
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

    /**
     * The EXR file of these channels, ZIP-compressed scanlines. Channels must be sorted by name,
     * as OpenEXR's channel list is, and have {@code width × height} values each.
     */
    public static byte[] encode(int width, int height, List<Channel> channels) throws IOException {
        int n = channels.size();
        List<FloatBuffer> planes = new ArrayList<>(n);
        try (MemoryStack stack = MemoryStack.stackPush()) {
            EXRHeader header = EXRHeader.calloc(stack);
            InitEXRHeader(header);
            EXRImage image = EXRImage.calloc(stack);
            InitEXRImage(image);
            EXRChannelInfo.Buffer info = EXRChannelInfo.calloc(n, stack);
            IntBuffer types = stack.mallocInt(n), requested = stack.mallocInt(n);
            PointerBuffer pointers = stack.mallocPointer(n);
            for (int c = 0; c < n; c++) {
                Channel ch = channels.get(c);
                if (ch.values().length != width * height) throw new IllegalArgumentException("channel " + ch.name() + " has the wrong size");
                byte[] name = ch.name().getBytes(StandardCharsets.US_ASCII);
                if (name.length > 255) throw new IllegalArgumentException("channel name too long: " + ch.name());
                ByteBuffer field = info.get(c).name();
                for (int i = 0; i < name.length; i++) field.put(i, name[i]);
                field.put(name.length, (byte) 0);
                types.put(c, TINYEXR_PIXELTYPE_FLOAT);
                requested.put(c, ch.half() ? TINYEXR_PIXELTYPE_HALF : TINYEXR_PIXELTYPE_FLOAT);
                FloatBuffer plane = MemoryUtil.memAllocFloat(width * height);
                planes.add(plane);
                plane.put(ch.values()).flip();
                pointers.put(c, MemoryUtil.memAddress(plane));
            }
            header.num_channels(n).channels(info).pixel_types(types).requested_pixel_types(requested)
                    .compression_type(TINYEXR_COMPRESSIONTYPE_ZIP);
            image.num_channels(n).width(width).height(height).images(pointers);
            PointerBuffer memory = stack.mallocPointer(1), error = stack.mallocPointer(1);
            long size = SaveEXRImageToMemory(image, header, memory, error);
            if (size == 0) throw new IOException("the EXR encoder failed: " + message(error));
            ByteBuffer encoded = MemoryUtil.memByteBuffer(memory.get(0), (int) size);
            try {
                byte[] out = new byte[(int) size];
                encoded.get(out);
                return out;
            } finally {
                org.lwjgl.system.libc.LibCStdlib.nfree(memory.get(0)); // tinyexr allocated it with malloc
            }
        } finally {
            for (FloatBuffer p : planes) MemoryUtil.memFree(p);
        }
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
