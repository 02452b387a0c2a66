package org.drtstudio.cli;

import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The distributed-ray-tracing options of {@code drt render} as a user runs them (CPU back end): each
 * is checked by what it does to the picture, measured, and bad values are one line naming the value.
 */
class DistributedOptionsTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    /** A white sphere of radius 1 at the origin on black, seen from z = 10 with a 30° field of view. */
    private Path sphere() throws Exception {
        Path f = dir.resolve("ball.nff");
        Files.writeString(f, """
                b 0 0 0
                v
                from 0 0 10
                at 0 0 0
                up 0 1 0
                angle 30
                hither 1
                resolution 64 64
                l 0 0 10
                f 1 1 1 1 0 0 0 1
                s 0 0 0 1
                """);
        return f;
    }

    /** A floor seen from above with a small ball over it, lit from the side: the ball's shadow falls beside it. */
    private Path shadow() throws Exception {
        Path f = dir.resolve("shadow.nff");
        Files.writeString(f, """
                b 0 0 0
                v
                from 0 0 12
                at 0 0 0
                up 0 1 0
                angle 30
                hither 1
                resolution 64 64
                l 10 0 10
                f 1 1 1 1 0 0 0 1
                s 0 0 2 0.5
                p 4
                -10 -10 0
                10 -10 0
                10 10 0
                -10 10 0
                """);
        return f;
    }

    private BufferedImage render(Path scene, String name, String... extra) throws Exception {
        Path png = dir.resolve(name + ".png");
        String[] base = {"render", scene.toString(), "-o", png.toString(), "--backend", "cpu", "--width", "64", "--height", "64"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        assertEquals(0, cli.drt(args), cli.err());
        return PngWriter.read(png);
    }

    /** Pixels strictly between dark and bright: the width of blurred edges, summed over the image. */
    private static int partialPixels(BufferedImage img, int lo, int hi) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++)
            for (int x = 0; x < img.getWidth(); x++) {
                int g = (img.getRGB(x, y) >> 8) & 0xff;
                if (g > lo && g < hi) n++;
            }
        return n;
    }

    private static int changedPixels(BufferedImage a, BufferedImage b) {
        int n = 0;
        for (int y = 0; y < a.getHeight(); y++)
            for (int x = 0; x < a.getWidth(); x++)
                if (Math.abs(((a.getRGB(x, y) >> 8) & 0xff) - ((b.getRGB(x, y) >> 8) & 0xff)) > 12) n++;
        return n;
    }

    @Test
    void apertureBlursWhatIsOutOfFocusAndKeepsWhatIsInFocus() throws Exception {
        Path scene = sphere();
        int pinhole = partialPixels(render(scene, "pinhole", "--spp", "64"), 8, 120);
        int focusedOnBall = partialPixels(render(scene, "focused", "--spp", "64", "--aperture", "0.2", "--focus", "9.9"), 8, 120);
        int focusedNear = partialPixels(render(scene, "near", "--spp", "64", "--aperture", "0.2", "--focus", "5"), 8, 120);
        // The ball's silhouette is ~80 pixels around; out of focus its circle of confusion is
        // 0.2 * |9.9 - 5| / 5 * 9.9 px-per-unit ≈ 4.6 px wide, so the blurred rim is several times wider.
        assertTrue(focusedNear > 3 * pinhole, "out of focus " + focusedNear + " vs pinhole " + pinhole);
        assertTrue(focusedOnBall < 1.6 * pinhole + 10, "in focus " + focusedOnBall + " vs pinhole " + pinhole);
    }

    @Test
    void fNumberIsTheApertureOfItsFocalLength() throws Exception {
        Path scene = sphere();
        render(scene, "a", "--spp", "4", "--aperture", "0.25", "--focus", "6");
        render(scene, "b", "--spp", "4", "--f-number", "2", "--focal-length", "1", "--focus", "6");
        assertArrayEquals(Files.readAllBytes(dir.resolve("a.png")), Files.readAllBytes(dir.resolve("b.png")));
    }

    @Test
    void lightRadiusSoftensTheShadowEdge() throws Exception {
        Path scene = shadow();
        BufferedImage point = render(scene, "point", "--spp", "64");
        BufferedImage hard = render(scene, "hard", "--spp", "64", "--light-radius", "0");
        // The penumbra: pixels the area light darkens or brightens against the point light's hard shadow.
        // Its width is about 2 r 2.8 / 11.3 scene units (light radius r, ball-to-floor 2.8, light-to-ball 11.3).
        int soft = changedPixels(hard, render(scene, "soft", "--spp", "64", "--light-radius", "0.75"));
        int softer = changedPixels(hard, render(scene, "softer", "--spp", "64", "--light-radius", "1.5"));
        assertEquals(0, changedPixels(point, hard), "radius 0 is the point light");
        assertTrue(soft > 20 && softer > 1.5 * soft, "penumbra pixels: r=0.75 " + soft + ", r=1.5 " + softer);
    }

    @Test
    void filterChangesTheReconstruction() throws Exception {
        Path scene = sphere();
        render(scene, "box", "--spp", "16", "--filter", "box");
        render(scene, "box2", "--spp", "16");
        render(scene, "tent", "--spp", "16", "--filter", "tent");
        render(scene, "gauss", "--spp", "16", "--filter", "Gaussian");
        byte[] box = Files.readAllBytes(dir.resolve("box.png"));
        assertArrayEquals(box, Files.readAllBytes(dir.resolve("box2.png")), "box is the default");
        assertFalse(java.util.Arrays.equals(box, Files.readAllBytes(dir.resolve("tent.png"))));
        assertFalse(java.util.Arrays.equals(box, Files.readAllBytes(dir.resolve("gauss.png"))));
    }

    /** A project's own pixel filter is the default; --filter still overrides it. */
    @Test
    void projectFilterIsTheDefault() throws Exception {
        Path project = dir.resolve("sphere.json");
        assertEquals(0, cli.drt("convert", sphere().toString(), project.toString()), cli.err());
        String text = Files.readString(project);
        assertFalse(text.contains("\"filter\""), "the box filter is not written");
        Files.writeString(project, text.replace("\"seed\":", "\"filter\": \"tent\", \"seed\":"));
        render(project, "own", "--spp", "16");
        render(project, "tent", "--spp", "16", "--filter", "tent");
        render(project, "box", "--spp", "16", "--filter", "box");
        byte[] own = Files.readAllBytes(dir.resolve("own.png"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("tent.png")), own, "the project's tent filter");
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(dir.resolve("box.png")), own), "--filter box overrides it");
    }

    @Test
    void normalAndAlbedoAovsAreThreeChannelPfm() throws Exception {
        Path scene = dir.resolve("plane.nff");
        Files.writeString(scene, "b 0 0 0\nl 0 0 10\nf 1 0.5 0.25 1 0 0 0 1\np 4\n-100 -100 0\n100 -100 0\n100 100 0\n-100 100 0\n");
        render(scene, "aov", "--eye", "0,0,10", "--look", "0,0,0", "--aov", "normal,albedo,depth");
        int[] size = new int[3];
        float[] n = PfmWriter.read(dir.resolve("aov.normal.pfm"), size);
        assertArrayEquals(new int[]{64, 64, 3}, size);
        float[] a = PfmWriter.read(dir.resolve("aov.albedo.pfm"), size);
        assertArrayEquals(new int[]{64, 64, 3}, size);
        assertEquals("PF", new String(Files.readAllBytes(dir.resolve("aov.albedo.pfm")), 0, 2, StandardCharsets.US_ASCII));
        for (int p = 0; p < 64 * 64; p++) {
            assertEquals(0, n[3 * p], 1e-5);
            assertEquals(0, n[3 * p + 1], 1e-5);
            assertEquals(1, n[3 * p + 2], 1e-5);
            assertTrue(a[3 * p] > 0, "albedo at " + p);
            assertEquals(0.5, a[3 * p + 1] / a[3 * p], 1e-5);
            assertEquals(0.25, a[3 * p + 2] / a[3 * p], 1e-5);
        }
    }

    /** A ball moving from x = -1 to x = +1 during the first second, one frame per second. */
    private Path movingBall() throws Exception {
        Path f = dir.resolve("moving.json");
        Files.writeString(f, """
                {
                  "format": "drt-project",
                  "version": 1,
                  "name": "moving",
                  "animation": { "fps": 1.0, "startFrame": 0, "endFrame": 0, "shutterOpen": 0.0, "shutterClose": 1.0 },
                  "settings": { "width": 64, "height": 64, "samplesPerPixel": 1, "maxDepth": 2, "seed": 0,
                                "background": [ 0.0, 0.0, 0.0 ], "ambientLight": [ 1.0, 1.0, 1.0 ], "attenuation": [ 1.0, 0.0, 0.0 ] },
                  "camera": { "eye": [ 0.0, 0.0, 10.0 ], "look": [ 0.0, 0.0, 0.0 ], "up": [ 0.0, 1.0, 0.0 ],
                              "fov": 30.0, "aperture": 0.0, "focusDistance": 0.0 },
                  "lights": [ ],
                  "materials": [ { "name": "white", "ambient": [ 1.0, 1.0, 1.0 ], "diffuse": [ 0.0, 0.0, 0.0 ],
                                   "specular": [ 0.0, 0.0, 0.0 ], "phongExponent": 1.0, "reflectivity": 0.0,
                                   "transparency": 0.0, "ior": 1.0, "absorption": [ 0.0, 0.0, 0.0 ] } ],
                  "root": {
                    "id": 0, "type": "group", "name": "root",
                    "transform": { "translation": [ 0.0, 0.0, 0.0 ], "rotation": [ 0.0, 0.0, 0.0, 1.0 ],
                                   "scale": [ 1.0, 1.0, 1.0 ], "pivot": [ 0.0, 0.0, 0.0 ] },
                    "children": [ {
                      "id": 1, "type": "group", "name": "mover",
                      "transform": { "translation": [ 0.0, 0.0, 0.0 ], "rotation": [ 0.0, 0.0, 0.0, 1.0 ],
                                     "scale": [ 1.0, 1.0, 1.0 ], "pivot": [ 0.0, 0.0, 0.0 ] },
                      "keys": { "position": [ { "time": 0.0, "interpolation": "linear", "value": [ -1.0, 0.0, 0.0 ] },
                                              { "time": 1.0, "interpolation": "linear", "value": [ 1.0, 0.0, 0.0 ] } ] },
                      "children": [ { "id": 2, "type": "spheres", "name": "ball", "spheres": [ [ 0.0, 0.0, 0.0, 0.5, 0 ] ] } ]
                    } ]
                  },
                  "meshes": [ ]
                }
                """);
        return f;
    }

    /** Columns of the middle row that the ball covers at all (any light), first to last. */
    private static int litSpan(BufferedImage img) {
        int y = img.getHeight() / 2, first = -1, last = -1;
        for (int x = 0; x < img.getWidth(); x++) {
            if (((img.getRGB(x, y) >> 8) & 0xff) > 0) {
                if (first < 0) first = x;
                last = x;
            }
        }
        return first < 0 ? 0 : last - first + 1;
    }

    @Test
    void shutterStreaksAMovingBallByItsDisplacement() throws Exception {
        Path scene = movingBall();
        double pxPerUnit = 64 / (2 * 10 * Math.tan(Math.toRadians(15)));
        int sharp = litSpan(render(scene, "sharp", "--spp", "64", "--shutter", "0,0"));
        int blurred = litSpan(render(scene, "blurred", "--spp", "64"));       // the project's shutter, 0..1
        int half = litSpan(render(scene, "half", "--spp", "64", "--shutter", "0,0.5"));
        assertEquals(1.0 * pxPerUnit, sharp, 1.5, "a sharp ball is its diameter wide");
        assertEquals(2 * pxPerUnit, blurred - sharp, 1.5, "a full-frame exposure streaks by the whole displacement");
        assertEquals(1 * pxPerUnit, half - sharp, 1.5, "half the exposure, half the streak");
    }

    @Test
    void badValuesAreOneLineNamingTheValue() throws Exception {
        Path scene = sphere();
        String[][] bad = {
                {"--aperture", "-0.5"}, {"--aperture", "NaN"}, {"--f-number", "0"}, {"--focal-length", "2"},
                {"--aperture", "1", "--f-number", "2"}, {"--focus", "-3"}, {"--light-radius", "-1"},
                {"--shutter", "0.5,0.2"}, {"--shutter", "zero"}, {"--shutter", "0,2"}, {"--filter", "lanczos"},
        };
        for (String[] b : bad) {
            String[] args = new String[3 + b.length];
            args[0] = "render";
            args[1] = scene.toString();
            args[2] = "--backend=cpu";
            System.arraycopy(b, 0, args, 3, b.length);
            assertEquals(2, cli.drt(args), String.join(" ", b) + ": " + cli.err());
            String msg = cli.err().strip();
            assertEquals(1, msg.lines().count(), msg);
            assertFalse(msg.contains("Exception"), msg);
            assertTrue(msg.contains(b[b.length - 1]) || msg.contains(b[0]), msg);
        }
        assertFalse(Files.exists(dir.resolve("ball.png")));
    }
}
