package org.drtstudio.cli;

import org.drtstudio.io.image.PngWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code drt render --denoise} as a user runs it (CPU back end): a cleaner picture, the noisy one kept on request. */
class DenoiseOptionTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    private Path scene() throws Exception {
        return org.drtstudio.testing.TestScenes.writePenumbraNff(dir, 64, 48);
    }

    private BufferedImage render(Path scene, String name, String... extra) throws Exception {
        Path png = dir.resolve(name + ".png");
        String[] base = {"render", scene.toString(), "-o", png.toString(), "--backend", "cpu", "--light-radius", "1.5"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        assertEquals(0, cli.drt(args), cli.err());
        return PngWriter.read(png);
    }

    private static double rmse(BufferedImage a, BufferedImage b) {
        double sum = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                int p = a.getRGB(x, y), q = b.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    double d = ((p >> shift) & 255) - ((q >> shift) & 255);
                    sum += d * d;
                }
            }
        }
        return Math.sqrt(sum / (3.0 * a.getWidth() * a.getHeight()));
    }

    /** Mean absolute difference between horizontal neighbours over the three channels: pixel-to-pixel noise plus edges. */
    private static double roughness(BufferedImage a) {
        double sum = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 1; x < a.getWidth(); x++) {
                int p = a.getRGB(x, y), q = a.getRGB(x - 1, y);
                for (int shift = 0; shift <= 16; shift += 8) sum += Math.abs(((p >> shift) & 255) - ((q >> shift) & 255));
            }
        }
        return sum / (3.0 * (a.getWidth() - 1) * a.getHeight());
    }

    @Test
    void denoisedPictureIsSmootherNotFurtherFromTheConvergedOneAndOnlyAskedForAovsAreWritten() throws Exception {
        Path scene = scene();
        BufferedImage reference = render(scene, "reference", "--spp", "256");
        BufferedImage noisy = render(scene, "noisy", "--spp", "2");
        BufferedImage clean = render(scene, "clean", "--spp", "2", "--denoise", "--aov", "noisy,normal");
        double before = rmse(noisy, reference), after = rmse(clean, reference);
        // The converged picture's own neighbour differences (its edges and gradients) are the floor.
        double rough = roughness(noisy) - roughness(reference), smooth = roughness(clean) - roughness(reference);
        assertTrue(smooth < 0.6 * rough, "excess neighbour differences: noisy " + rough + ", denoised " + smooth);
        assertTrue(after < before, "RMSE against 256 spp: noisy " + before + ", denoised " + after);
        assertTrue(Files.size(dir.resolve("clean.noisy.pfm")) > 64 * 48 * 12, "the noisy radiance is written as PFM");
        assertTrue(Files.exists(dir.resolve("clean.normal.pfm")));
        assertFalse(Files.exists(dir.resolve("clean.depth.pfm")), "depth was traced for the denoiser but not asked for");
        assertFalse(Files.exists(dir.resolve("clean.albedo.pfm")));
        assertFalse(Files.exists(dir.resolve("clean.variance.pfm")));
    }

    @Test
    void unknownAovNamesTheSupportedOnes() throws Exception {
        assertEquals(2, cli.drt("render", scene().toString(), "-o", dir.resolve("x.png").toString(), "--aov", "nosiy"));
        assertTrue(cli.err().contains("unknown --aov 'nosiy'; supported: depth, normal, albedo, noisy, variance"), cli.err());
    }
}
