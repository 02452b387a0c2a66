package org.drtstudio.io.image;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.gltf.GltfEmbeddedImages;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.TextureSource;

import com.twelvemonkeys.imageio.plugins.hdr.HDRImageReadParam;
import com.twelvemonkeys.imageio.plugins.hdr.tonemap.NullToneMapper;

import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Loads texture files (PNG, JPEG, TGA, BMP, Radiance HDR through ImageIO and TwelveMonkeys' plug-ins;
 * OpenEXR through tinyexr, {@link ExrTextures}) into linear float {@link TextureImage}s: 8- and 16-bit
 * colour maps sRGB-decoded, HDR and EXR kept linear, bump maps as stored with the luminance as height
 * (see {@link TextureDecoder}). The format is told by the file's bytes, not its name.
 *
 * <p>A texture that is missing, unreadable or not a regular file (a FIFO would block the read
 * forever, a device never end) is not an error: the loader tells its warning sink once per path,
 * naming the file, and answers null, so the material renders untextured. A path found missing is
 * never opened.
 *
 * <p>Memory is budgeted before decoding, from the size in the picture's header: a decoded texel
 * takes {@value #BYTES_PER_TEXEL} bytes here and 16 more in the atlas, so a 50 KB PNG of 4096² texels costs
 * hundreds of MiB. A picture larger than {@link #MAX_TEXELS}, or than what is left of the loader's
 * budget, is decoded subsampled (every 2nd, 3rd ... texel, never the full size) with a warning; one
 * that would need more than {@value #MAX_SUBSAMPLING}× subsampling, or arrives when the budget is spent, is
 * refused with a warning saying how to raise it. The default budget is a quarter of the heap.
 *
 * <p>Results are cached by path and encoding for the life of the loader (a failure too, so the
 * warning is not repeated); a new loader reads files afresh. Thread-safe.
 *
 * <p>A path {@code FILE.glb#gltf-image-N} that names no file is a picture embedded in a glTF file
 * ({@link GltfEmbeddedImages}), read from it and decoded as any texture.
 */
public final class TextureLoader implements TextureSource {
    /** Largest texture kept, in texels (4096 × 4096): one such texture is 256 MiB in the atlas. */
    public static final long MAX_TEXELS = 4096L * 4096L;
    /** Heap bytes of one decoded texel (three floats), the unit of the budget. */
    public static final int BYTES_PER_TEXEL = 12 + 16;
    /** Largest subsampling step: beyond it the picture is refused rather than decoded. */
    static final int MAX_SUBSAMPLING = 8;
    /** Texture warnings told per loader; the last says that further ones are not listed. */
    static final int MAX_WARNINGS = 8;
    private static final System.Logger LOG = System.getLogger(TextureLoader.class.getName());

    private record Key(String path, TextureImage.Encoding encoding) {
    }

    private final Consumer<String> warnings;
    private final Map<Key, Optional<TextureImage>> cache = new ConcurrentHashMap<>();
    private final Set<String> warnedPaths = ConcurrentHashMap.newKeySet();
    private final AtomicInteger warningCount = new AtomicInteger();
    private final AtomicLong texelsLeft;
    private final long budgetTexels;

    /** @param warnings receives one line per texture that cannot be used, starting with its path */
    public TextureLoader(Consumer<String> warnings) {
        this(warnings, Runtime.getRuntime().maxMemory() / 4 / BYTES_PER_TEXEL);
    }

    /**
     * @param warnings     receives one line per texture that cannot be used (or is downscaled), starting with its path
     * @param budgetTexels texels all textures of this loader may take together
     */
    public TextureLoader(Consumer<String> warnings, long budgetTexels) {
        this.warnings = warnings;
        this.budgetTexels = budgetTexels;
        this.texelsLeft = new AtomicLong(budgetTexels);
    }

    /** A loader that reports problems through {@link System.Logger} at level WARNING. */
    public TextureLoader() {
        this(message -> LOG.log(System.Logger.Level.WARNING, message));
    }

    /** How a warning about an environment picture ends: what the render does instead. */
    private static final String ENVIRONMENT_FALLBACK = "the scene renders with its background colour";

    /**
     * A warning about an environment picture without its last clause (what the render does
     * instead): for a command that stops there, such as {@code drt render --env}.
     */
    public static String withoutFallback(String warning) {
        String tail = "; " + ENVIRONMENT_FALLBACK;
        int at = warning.indexOf(tail);
        return at < 0 ? warning : warning.substring(0, at) + warning.substring(at + tail.length());
    }

    @Override
    public TextureImage load(String path, TextureImage.Encoding encoding) {
        if (path == null) return null;
        return cache.computeIfAbsent(new Key(path, encoding), k -> Optional.ofNullable(loadOnce(k))).orElse(null);
    }

    private TextureImage loadOnce(Key key) {
        String what = switch (key.encoding) {
            case HEIGHT -> "bump map";
            case ENVIRONMENT -> "environment picture";
            case COLOR -> "texture";
        };
        String without = key.encoding == TextureImage.Encoding.ENVIRONMENT ? ENVIRONMENT_FALLBACK : "the material renders without it";
        String shown = Excerpt.sanitize(key.path, 300);
        try {
            Path file = Path.of(key.path);
            Consumer<String> notes = note -> warnOnce(key.path, shown + ": " + what + " " + note);
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS) && GltfEmbeddedImages.isReference(key.path)) {
                // a picture a glTF embeds (FILE.glb#gltf-image-N): its bytes from the file, decoded as any texture
                byte[] bytes = GltfEmbeddedImages.bytes(key.path);
                return read(new ByteArrayInputStream(bytes), key.encoding, texelsLeft, budgetTexels, notes);
            }
            InputFiles.requireRegular(file); // before any open: a missing path or a FIFO is never opened
            try (InputStream in = InputFiles.open(file)) {
                return read(in, key.encoding, texelsLeft, budgetTexels, notes);
            }
        } catch (NoSuchFileException | InvalidPathException e) {
            warnOnce(key.path, shown + ": " + what + " not found; " + without);
        } catch (IOException e) {
            warnOnce(key.path, shown + ": cannot read " + what + " (" + InputFiles.reason(e) + "); " + without);
        } catch (RuntimeException e) {
            // A decoder that trips over damaged data throws what its code happens to (an index out of
            // bounds, a null); the JIT drops the message of such an exception once it is frequent.
            boolean decoderFault = e.getMessage() == null || e instanceof IndexOutOfBoundsException || e instanceof NullPointerException
                    || e instanceof ArithmeticException || e instanceof NegativeArraySizeException || e instanceof ClassCastException;
            String reason = decoderFault ? "damaged picture data" : e.getMessage();
            warnOnce(key.path, shown + ": cannot read " + what + " (" + Excerpt.sanitize(reason, 200)
                    + "); " + without);
        }
        return null;
    }

    /**
     * One warning per path (a file used as a texture and a bump map is reported once), and at most
     * {@value #MAX_WARNINGS} in all: a scene with hundreds of textures over the budget gets a few
     * lines and a note that the rest are not listed, not hundreds.
     */
    private void warnOnce(String path, String message) {
        if (!warnedPaths.add(path)) return;
        int n = warningCount.incrementAndGet();
        if (n < MAX_WARNINGS) warnings.accept(Excerpt.message(message));
        else if (n == MAX_WARNINGS) warnings.accept(Excerpt.message(message + " (further texture warnings are not listed)"));
    }

    /**
     * Reads and decodes one file, uncached, with no budget but {@link #MAX_TEXELS}.
     *
     * @throws IOException when the file is missing, not a regular file, not a picture ImageIO can read, or too large
     */
    public static TextureImage read(Path file, TextureImage.Encoding encoding) throws IOException {
        try (InputStream in = InputFiles.open(file)) {
            return read(in, encoding, new AtomicLong(Long.MAX_VALUE), Long.MAX_VALUE, note -> { });
        }
    }

    private static TextureImage read(InputStream source, TextureImage.Encoding encoding, AtomicLong texelsLeft, long budget,
                                     Consumer<String> notes) throws IOException {
        long decoderLimit = budget > Long.MAX_VALUE / BYTES_PER_TEXEL ? Long.MAX_VALUE : budget * BYTES_PER_TEXEL;
        InputStream in = source.markSupported() ? source : new BufferedInputStream(source);
        in.mark(4);
        byte[] head = in.readNBytes(4);
        in.reset();
        if (ExrTextures.isExr(head)) return ExrTextures.read(in, encoding, texelsLeft, budget, decoderLimit, notes);
        try (ImageInputStream stream = ImageIO.createImageInputStream(in)) {
            Iterator<ImageReader> readers = stream == null ? null : ImageIO.getImageReaders(stream);
            if (readers == null || !readers.hasNext()) {
                throw new IOException("not a PNG, JPEG or other picture format this Java can read");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(stream, true, true);
                // The size is in the header: budget the picture, and its decoder, before decoding it into memory.
                int w = reader.getWidth(0), h = reader.getHeight(0);
                DecoderMemory.Need decoder = DecoderMemory.of(reader, w, h);
                if (decoder.bytes() > decoderLimit) {
                    throw new IOException(decoder.what() + ", needs " + (decoder.bytes() >> 20) + " MiB to decode, more than the "
                            + (decoderLimit >> 20) + " MiB textures may take; use a smaller picture (a baseline JPEG for a progressive one)");
                }
                int step = TextureBudget.step(w, h, MAX_TEXELS, MAX_SUBSAMPLING, texelsLeft, budget);
                if (step < 0) {
                    throw new IOException(TextureBudget.refusal(w, h, MAX_TEXELS, MAX_SUBSAMPLING, texelsLeft.get(), budget));
                }
                ImageReadParam param = reader.getDefaultReadParam();
                // A Radiance HDR picture stays linear: its reader tone-maps to 0..1 unless told not to.
                if (param instanceof HDRImageReadParam hdr) hdr.setToneMapper(new NullToneMapper());
                if (step > 1) {
                    param.setSourceSubsampling(step, step, 0, 0);
                    notes.accept("is " + w + "x" + h + "; read at 1/" + step + " of its size ("
                            + TextureBudget.reduced(w, step) + "x" + TextureBudget.reduced(h, step) + ") to stay within "
                            + (w * (long) h > MAX_TEXELS ? "the " + MAX_TEXELS + " texels a texture may have" : "the texture memory budget"));
                }
                BufferedImage picture = reader.read(0, param);
                return TextureDecoder.decode(picture, encoding);
            } finally {
                reader.dispose();
            }
        }
    }
}
