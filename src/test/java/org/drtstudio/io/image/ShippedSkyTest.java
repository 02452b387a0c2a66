package org.drtstudio.io.image;

import org.drtstudio.scene.ProceduralSky;
import org.drtstudio.scene.TextureImage;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code assets/sky/sunny-sky.hdr} is our own work, made by {@link ProceduralSky#SHIPPED} and
 * {@link RadianceHdrWriter} (assets/LICENSES.md says so): the file is byte for byte what they make,
 * small, and reads back through the texture loader within RGBE's precision.
 */
class ShippedSkyTest {
    private static final Path FILE = Path.of("assets/sky/sunny-sky.hdr");

    @Test
    void theShippedSkyIsWhatTheGeneratorWrites() throws Exception {
        byte[] made = RadianceHdrWriter.encode(ProceduralSky.SHIPPED.image());
        assertArrayEquals(made, Files.readAllBytes(FILE), "regenerate it: RadianceHdrWriter.encode(ProceduralSky.SHIPPED.image())");
        assertTrue(made.length < 200_000, "small enough to ship in the repository: " + made.length);
    }

    @Test
    void itReadsBackAsTheSky() throws Exception {
        TextureImage read = TextureLoader.read(FILE, TextureImage.Encoding.ENVIRONMENT), sky = ProceduralSky.SHIPPED.image();
        assertEquals(sky.width(), read.width());
        assertEquals(sky.height(), read.height());
        float brightest = 0;
        for (int i = 0; i < sky.rgb().length; i++) {
            // RGBE keeps 8 bits of mantissa for the largest channel: 1/128 of it at worst.
            assertEquals(sky.rgb()[i], read.rgb()[i], 0.01f * Math.max(sky.rgb()[i - i % 3], Math.max(sky.rgb()[i - i % 3 + 1],
                    sky.rgb()[i - i % 3 + 2])) + 1e-6f, "value " + i);
            brightest = Math.max(brightest, read.rgb()[i]);
        }
        assertEquals(ProceduralSky.SHIPPED.sunRadiance(), brightest, 0.01f * brightest, "the sun keeps its brightness (no tone mapping)");
    }
}
