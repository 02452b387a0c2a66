package org.drtstudio.io.image;

import com.pngencoder.PngEncoder;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.OutputProblem;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The picture formats an output may have (8-bit PNG, JPEG, binary PPM; linear OpenEXR), chosen by the file's extension: {@code x.jpg}
 * holds JPEG bytes, never PNG bytes under a JPEG name; any other extension is refused with the list
 * of supported ones.
 */
public enum ImageFormat {
    PNG("png", List.of("png")),
    JPEG("jpeg", List.of("jpg", "jpeg")),
    /** Binary PPM (P6), as the CUDA octree report's tracer wrote; written by {@link PpmWriter}, not ImageIO. */
    PPM("ppm", List.of("ppm")),
    /**
     * OpenEXR: linear, scene-referred radiance (no tone curve), with a render's AOVs as layers of the same
     * file; written by {@link ExrPicture} from the linear radiance, never from 8-bit pixels ({@link #isLinear}).
     */
    EXR("openexr", List.of("exr"));

    /** JPEG quality: high enough that a render's gradients show no blocks. */
    private static final float JPEG_QUALITY = 0.95f;
    /**
     * PNG pictures go through pngencoder, which deflates segments of the rows on every core, at zlib
     * level 6. ImageIO's writer ran on one thread and took longer than a GPU's frame: a 48-frame
     * 1080p sequence took 11.7-13.0 s against 5.2-5.5 s on the 16-core GPU machine; a noisy 1080p
     * picture's first encoding on the 2-core machine 365-450 ms against 232-249 (docs/BENCHMARKS.md,
     * "Writing the picture").
     */
    private static final int PNG_LEVEL = 6;

    private final String imageIoName;
    private final List<String> extensions;

    ImageFormat(String imageIoName, List<String> extensions) {
        this.imageIoName = imageIoName;
        this.extensions = extensions;
    }

    /** Whether the format holds linear radiance ({@link ExrPicture}) rather than 8-bit display pixels. */
    public boolean isLinear() {
        return this == EXR;
    }

    /** ".png, .jpg, .jpeg" */
    public static String supported() {
        return Arrays.stream(values()).flatMap(f -> f.extensions.stream()).map(e -> "." + e).collect(Collectors.joining(", "));
    }

    /**
     * The format named by {@code file}'s extension (case-insensitive).
     *
     * @throws OutputProblem naming the file when the extension is missing or not a supported one
     */
    public static ImageFormat forFile(Path file) throws OutputProblem {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String ext = dot > 0 ? name.substring(dot + 1).toLowerCase(Locale.ROOT) : "";
        for (ImageFormat f : values()) if (f.extensions.contains(ext)) return f;
        String what = ext.isEmpty() ? "has no picture extension" : "has an unsupported picture extension '." + ext + "'";
        throw new OutputProblem(file, what + "; supported: " + supported());
    }

    /** The encoder of an 8-bit RGBA picture (rows top to bottom; alpha is dropped) for an atomic write. */
    public AtomicFileWriter.Body body(int width, int height, byte[] rgba) {
        if (this == PPM) return PpmWriter.body(width, height, rgba);
        if (isLinear()) throw new IllegalStateException("an EXR picture is written from linear radiance (ExrPicture), not 8-bit pixels");
        BufferedImage img = rgbImage(width, height, rgba);
        if (this == PNG) return out -> new PngEncoder().withBufferedImage(img).withCompressionLevel(PNG_LEVEL).toStream(out);
        return out -> {
            ImageWriter writer = writer();
            // An explicit memory cache: ImageIO's default caches in java.io.tmpdir, a second disk that may be full.
            try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
                writer.setOutput(stream);
                ImageWriteParam param = writer.getDefaultWriteParam();
                if (this == JPEG) {
                    param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
                    param.setCompressionQuality(JPEG_QUALITY);
                }
                writer.write(null, new IIOImage(img, null, null), param);
                stream.flush();
            } finally {
                writer.dispose();
            }
        };
    }

    private ImageWriter writer() throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName(imageIoName);
        if (!writers.hasNext()) throw new IOException("no " + name() + " encoder in this Java runtime");
        return writers.next();
    }

    static BufferedImage rgbImage(int width, int height, byte[] rgba) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        // Written into the image's own ints: setRGB a row at a time went through the colour model, 45 ms at 1080p.
        int[] pixels = ((java.awt.image.DataBufferInt) img.getRaster().getDataBuffer()).getData();
        for (int p = 0, i = 0; p < pixels.length; p++, i += 4) {
            pixels[p] = (rgba[i] & 0xff) << 16 | (rgba[i + 1] & 0xff) << 8 | (rgba[i + 2] & 0xff);
        }
        return img;
    }
}
