package org.drtstudio.io.support;

import org.drtstudio.io.ReadProgress;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Opens scene text (OBJ, MTL, NFF, cfg) whatever encoding the exporter chose. The formats are nominally ASCII,
 * and javagl's {@code ObjReader.read(InputStream)} decodes them as US-ASCII; in practice files
 * come as UTF-8 with or without a byte order mark, with Latin-1 material names, and even as
 * UTF-16 (assimp's box_UTF16BE.obj), which ASCII decoding turns into NUL-riddled nonsense.
 *
 * <p>A byte order mark picks UTF-8 or UTF-16; without one, a NUL in the first two bytes betrays
 * UTF-16; anything else is read as UTF-8. Undecodable bytes become U+FFFD instead of failing, so
 * a Latin-1 name still matches between an OBJ and its MTL (both decode the same way).
 */
public final class TextDecoding {
    private TextDecoding() {
    }

    /**
     * Opens {@code file} (a regular file only, see {@link InputFiles}) as text in its encoding.
     *
     * @throws java.nio.file.NoSuchFileException       when it is missing
     * @throws InputFiles.NotRegularFileException when it is a folder, FIFO or device
     */
    public static Reader open(Path file) throws IOException {
        // Progress counts what the decoder takes from the buffer, so it rises in small steps.
        return decode(ReadProgress.track(file, new BufferedInputStream(InputFiles.open(file), 1 << 16)));
    }

    /** Text already read into memory (by the plain-OBJ fast path, which declined it), decoded the same way. */
    public static Reader open(byte[] text) throws IOException {
        return decode(new BufferedInputStream(new ByteArrayInputStream(text), 1 << 16));
    }

    private static Reader decode(InputStream in) throws IOException {
        try {
            in.mark(4);
            byte[] head = in.readNBytes(3);
            in.reset();
            int b0 = head.length > 0 ? head[0] & 0xff : -1;
            int b1 = head.length > 1 ? head[1] & 0xff : -1;
            int b2 = head.length > 2 ? head[2] & 0xff : -1;
            Charset charset = StandardCharsets.UTF_8;
            int bomLength = 0;
            if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) {
                bomLength = 3;
            } else if (b0 == 0xFE && b1 == 0xFF) {
                charset = StandardCharsets.UTF_16BE;
                bomLength = 2;
            } else if (b0 == 0xFF && b1 == 0xFE) {
                charset = StandardCharsets.UTF_16LE;
                bomLength = 2;
            } else if (b0 == 0 && b1 > 0) {
                charset = StandardCharsets.UTF_16BE;
            } else if (b0 > 0 && b1 == 0) {
                charset = StandardCharsets.UTF_16LE;
            }
            in.skipNBytes(bomLength);
            return new InputStreamReader(in, charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE));
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }
}
