package org.drtstudio.cli;

import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code drt render --region X,Y,W,H}: the whole image's pixels of that window, and one line for a window that is none. */
class RegionOptionTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();
    private static final String[] OPTIONS = {"--width", "32", "--height", "24", "--spp", "2", "--light-radius", "0.5",
            "--aperture", "0.1", "--backend", "cpu", "--aov", "depth,albedo"};

    private int render(Path out, String... extra) {
        String[] args = new String[3 + OPTIONS.length + 2 + extra.length];
        args[0] = "render";
        args[1] = "scenes/default.nff";
        System.arraycopy(OPTIONS, 0, args, 2, OPTIONS.length);
        args[2 + OPTIONS.length] = "-o";
        args[3 + OPTIONS.length] = out.toString();
        System.arraycopy(extra, 0, args, 4 + OPTIONS.length, extra.length);
        return cli.drt(java.util.Arrays.copyOf(args, 4 + OPTIONS.length + extra.length));
    }

    @Test
    void aRegionIsTheWholeImagesPixelsThere() throws Exception {
        assertEquals(0, render(dir.resolve("whole.png")), cli.err());
        assertEquals(0, render(dir.resolve("part.png"), "--region", "7,5,19,11"), cli.err());
        BufferedImage whole = PngWriter.read(dir.resolve("whole.png")), part = PngWriter.read(dir.resolve("part.png"));
        assertEquals(19, part.getWidth());
        assertEquals(11, part.getHeight());
        assertArrayEquals(whole.getRGB(7, 5, 19, 11, null, 0, 19), part.getRGB(0, 0, 19, 11, null, 0, 19));
        int[] size = new int[3], partSize = new int[3];
        float[] depth = PfmWriter.read(dir.resolve("whole.depth.pfm"), size), partDepth = PfmWriter.read(dir.resolve("part.depth.pfm"), partSize);
        for (int y = 0; y < 11; y++) {
            for (int x = 0; x < 19; x++) {
                assertEquals(Float.floatToRawIntBits(depth[(5 + y) * 32 + 7 + x]), Float.floatToRawIntBits(partDepth[y * 19 + x]),
                        "depth at (" + (7 + x) + ", " + (5 + y) + ")");
            }
        }
    }

    @Test
    void aRegionThatIsNoWindowOfTheImageIsOneLine() throws Exception {
        for (String bad : new String[]{"1,2,3", "a,b,c,d", "-1,0,4,4", "0,0,0,4", "30,0,3,4", "0,20,4,5"}) {
            assertEquals(2, render(dir.resolve("x.png"), "--region", bad), bad);
            String err = cli.err().strip();
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.contains("--region"), err);
        }
        assertEquals(2, render(dir.resolve("x.png"), "--region", "0,0,4,4", "--denoise"));
        assertTrue(cli.err().contains("--denoise"), cli.err());
        assertFalse(Files.exists(dir.resolve("x.png")));
    }
}
