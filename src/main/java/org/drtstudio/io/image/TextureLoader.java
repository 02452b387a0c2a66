package org.drtstudio.io.image;

import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.TextureSource;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Loads texture files (PNG, JPEG and whatever else ImageIO reads) into linear float
 * {@link TextureImage}s: colour maps sRGB-decoded, bump maps as stored with the luminance as height
 * (see {@link TextureDecoder}).
 *
 * <p>A texture that is missing, unreadable or too large is not an error: the loader tells its
 * warning sink once, naming the file, and answers null, so the material renders untextured.
 * Results are cached by path and encoding for the life of the loader (a failure too, so the warning
 * is not repeated); a new loader reads files afresh. Thread-safe.
 */
public final class TextureLoader implements TextureSource {
    /** Largest texture accepted, in texels (4096 × 4096): one such texture is 256 MiB in the atlas. */
    public static final long MAX_TEXELS = 4096L * 4096L;
    private static final System.Logger LOG = System.getLogger(TextureLoader.class.getName());

    private record Key(String path, TextureImage.Encoding encoding) {
    }

    private final Consumer<String> warnings;
    private final Map<Key, Optional<TextureImage>> cache = new ConcurrentHashMap<>();

    /** @param warnings receives one line per texture that cannot be used, starting with its path */
    public TextureLoader(Consumer<String> warnings) {
        this.warnings = warnings;
    }

    /** A loader that reports problems through {@link System.Logger} at level WARNING. */
    public TextureLoader() {
        this(message -> LOG.log(System.Logger.Level.WARNING, message));
    }

    @Override
    public TextureImage load(String path, TextureImage.Encoding encoding) {
        if (path == null) return null;
        return cache.computeIfAbsent(new Key(path, encoding), k -> Optional.ofNullable(loadOnce(k))).orElse(null);
    }

    private TextureImage loadOnce(Key key) {
        String what = key.encoding == TextureImage.Encoding.HEIGHT ? "bump map" : "texture";
        try {
            return read(Path.of(key.path), key.encoding);
        } catch (NoSuchFileException | InvalidPathException e) {
            warnings.accept(key.path + ": " + what + " not found; the material renders without it");
        } catch (IOException | RuntimeException e) {
            String reason = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            warnings.accept(key.path + ": cannot read " + what + " (" + reason + "); the material renders without it");
        }
        return null;
    }

    /**
     * Reads and decodes one file, uncached.
     *
     * @throws IOException when the file is missing, not a picture ImageIO can read, or larger than {@link #MAX_TEXELS}
     */
    public static TextureImage read(Path file, TextureImage.Encoding encoding) throws IOException {
        try (InputStream in = Files.newInputStream(file); ImageInputStream stream = ImageIO.createImageInputStream(in)) {
            Iterator<ImageReader> readers = stream == null ? null : ImageIO.getImageReaders(stream);
            if (readers == null || !readers.hasNext()) {
                throw new IOException("not a PNG, JPEG or other picture format this Java can read");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(stream, true, true);
                // The size is in the header: refuse a huge picture before decoding it into memory.
                long texels = (long) reader.getWidth(0) * reader.getHeight(0);
                if (texels > MAX_TEXELS) {
                    throw new IOException("picture is " + reader.getWidth(0) + "x" + reader.getHeight(0)
                            + ", more than the " + MAX_TEXELS + " texels (4096x4096) a texture may have");
                }
                BufferedImage picture = reader.read(0);
                return TextureDecoder.decode(picture, encoding);
            } finally {
                reader.dispose();
            }
        }
    }
}
