package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.TextureWrap;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestTextures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Diffuse textures and bump maps with known answers, checked against any {@link Renderer} (the CPU
 * reference in {@code CpuTextureTest}, the GL tracer in {@code GlTextureTest}). Pictures are written
 * at test time; every expectation is computed here from the codes written, not by the tracers' code.
 *
 * <p>The view: a quad in the plane z = 0 seen head-on by a pinhole at z = 4 whose image (32 × 32)
 * covers exactly [-1, 1]² of the plane, so pixel column x sees u = x/8 - 1 and row y sees
 * v = 2.875 - y/8 when the quad maps u = 2X + 15/16, v = 2Y + 15/16. With a 4 × 4 texture, odd
 * columns and even rows fall on texel centres ((i + 0.5)/4), the others halfway between two texels,
 * and the view reaches from u = -1 to 2.875: outside [0, 1] on both sides, where wrap modes differ.
 */
public final class TextureChecks {
    private static final Vec3 BLACK = Vec3.ZERO;
    static final int SIZE = 32;
    /** sRGB codes of the 4 × 4 checker, [row from the top][column]: a checker of two hue families, every texel different. */
    static final int[][][] CHECKER = new int[4][4][];

    static {
        for (int row = 0; row < 4; row++) {
            for (int col = 0; col < 4; col++) {
                boolean dark = (row + col) % 2 == 0;
                CHECKER[row][col] = dark ? new int[]{20 + 30 * col, 40 + 20 * row, 200 - 10 * col}
                        : new int[]{230 - 20 * row, 180 + 10 * col, 30 + 25 * row};
            }
        }
    }

    private TextureChecks() {
    }

    /** Texel colours and bilinear midpoints of a checker, sRGB decoded, with repeat and clamp addressing. */
    public static void checkerTexelsAndMidpointsWithRepeatAndClamp(Renderer r, Path dir) throws Exception {
        Path png = TestTextures.rgbPng(dir.resolve("checker.png"), CHECKER);
        for (TextureWrap wrap : TextureWrap.values()) {
            Material m = flat(Vec3.ONE).withDiffuseTexture(png.toString()).withTextureWrap(wrap);
            Frame f = render(r, headOnQuad(m, -3.0625f, 4.9375f), new TextureLoader(w -> fail(w)), EnumSet.of(Aov.RADIANCE));
            boolean clamp = wrap == TextureWrap.CLAMP;
            for (int y = 0; y < SIZE; y++) {
                for (int x = 0; x < SIZE; x++) {
                    double[] expected = bilinear(x / 8.0 - 1, 2.875 - y / 8.0, clamp);
                    for (int c = 0; c < 3; c++) {
                        assertEquals(expected[c], f.radiance()[3 * (y * SIZE + x) + c], 1e-4,
                                wrap + " pixel " + x + "," + y + " channel " + c);
                    }
                }
            }
            // Anchors, spelled out. Texel centre, inside [0, 1]: column 9 -> u = 0.125 (texel 0), row 18 -> v = 0.625
            // (texel row 2 from the bottom = picture row 1).
            assertTexel(f, 9, 18, CHECKER[1][0], "texel centre");
            // Midpoint between texels 1 and 2 of picture row 1: column 12 -> u = 0.5.
            assertAverage(f, 12, 18, CHECKER[1][1], CHECKER[1][2], "midpoint");
            // Outside: column 5 -> u = -0.375 repeats to 0.625 (texel 2) or clamps to texel 0;
            // row 4 -> v = 2.375 repeats to 0.375 (picture row 2) or clamps to the top row.
            if (clamp) {
                assertTexel(f, 5, 18, CHECKER[1][0], "u clamped");
                assertTexel(f, 11, 4, CHECKER[0][1], "v clamped");
            } else {
                assertTexel(f, 5, 18, CHECKER[1][2], "u repeated");
                assertTexel(f, 11, 4, CHECKER[2][1], "v repeated");
            }
        }
    }

    /** The ALBEDO AOV is the diffuse colour times the texture; radiance with ambient light uses it too. */
    public static void albedoAovIsTextured(Renderer r, Path dir) throws Exception {
        Path png = TestTextures.rgbPng(dir.resolve("checker.png"), CHECKER);
        Vec3 kd = new Vec3(0.5f, 0.25f, 1f);
        Material m = Material.named("tex").ambient(Vec3.ONE).diffuse(kd).diffuseTexture(png.toString()).build();
        Frame f = render(r, headOnQuad(m, -3.0625f, 4.9375f), new TextureLoader(w -> fail(w)), EnumSet.of(Aov.ALBEDO, Aov.RADIANCE));
        float[] k = {kd.x(), kd.y(), kd.z()};
        for (int y = 0; y < SIZE; y += 3) {
            for (int x = 0; x < SIZE; x += 3) {
                double[] t = bilinear(x / 8.0 - 1, 2.875 - y / 8.0, false);
                for (int c = 0; c < 3; c++) {
                    assertEquals(k[c] * t[c], f.albedo()[3 * (y * SIZE + x) + c], 1e-4, "albedo at " + x + "," + y);
                    assertEquals(t[c], f.radiance()[3 * (y * SIZE + x) + c], 1e-4, "ambient radiance at " + x + "," + y);
                }
            }
        }
    }

    /**
     * A bump map rising linearly along u (or v) tilts the shading normal against the slope by
     * atan(scale · dh/du / |dp/du|); a constant height leaves it exactly as without a bump map.
     */
    public static void bumpRampTiltsNormalByPredictedAngle(Renderer r, Path dir) throws Exception {
        int n = 32;
        int[][] alongU = new int[4][n], alongV = new int[n][4], constant = new int[4][4];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 4; j++) {
                alongU[j][i] = 8 * i;
                alongV[n - 1 - i][j] = 8 * i; // picture rows run top down; v = 0 is the bottom row
            }
        }
        for (int[] row : constant) java.util.Arrays.fill(row, 128);
        Path u = TestTextures.grayPng(dir.resolve("ramp-u.png"), alongU);
        Path v = TestTextures.grayPng(dir.resolve("ramp-v.png"), alongV);
        Path c = TestTextures.grayPng(dir.resolve("constant.png"), constant);
        float scale = 1.5f;
        // Texture coordinates 0..1 over the quad's 4 units: |dp/du| = |dp/dv| = 4, and the view sees
        // u, v in [0.25, 0.75], away from the clamped ends. Heights rise 8/255 per texel, 32 texels
        // per unit of u: dh/du = scale * 8 * 32 / 255.
        double predicted = Math.atan(scale * 8.0 * n / 255.0 / 4.0);
        Material base = flat(Vec3.ONE).withTextureWrap(TextureWrap.CLAMP);
        TextureSource loader = new TextureLoader(w -> fail(w));
        Frame plain = render(r, headOnQuad(base, 0, 1), loader, EnumSet.of(Aov.NORMAL));
        Frame fu = render(r, headOnQuad(base.withBump(u.toString(), scale), 0, 1), loader, EnumSet.of(Aov.NORMAL));
        Frame fv = render(r, headOnQuad(base.withBump(v.toString(), scale), 0, 1), loader, EnumSet.of(Aov.NORMAL));
        Frame fc = render(r, headOnQuad(base.withBump(c.toString(), scale), 0, 1), loader, EnumSet.of(Aov.NORMAL));
        for (int i = 0; i < SIZE * SIZE; i++) {
            float[] a = fu.normals(), b = fv.normals();
            // Height rising toward +x tilts the normal toward -x; toward +y, toward -y.
            assertEquals(predicted, Math.atan2(-a[3 * i], a[3 * i + 2]), 1e-3, "u ramp, pixel " + i);
            assertEquals(0, a[3 * i + 1], 1e-5, "u ramp, pixel " + i);
            assertEquals(predicted, Math.atan2(-b[3 * i + 1], b[3 * i + 2]), 1e-3, "v ramp, pixel " + i);
            assertEquals(0, b[3 * i], 1e-5, "v ramp, pixel " + i);
            for (int k = 0; k < 3; k++) {
                assertEquals(plain.normals()[3 * i + k], fc.normals()[3 * i + k], 1e-6, "constant height, pixel " + i);
            }
            assertEquals(1, plain.normals()[3 * i + 2], 1e-6, "unbumped quad faces the camera");
        }
        assertTrue(predicted > Math.toRadians(15), "the tilt should be large enough to mean something: " + Math.toDegrees(predicted));
    }

    /**
     * Spheres use u = 0.5 + atan2(d.x, d.z) / 2pi, v = 1 - acos(d.y) / pi: with a texture red on
     * u in [0, 0.5) and green on [0.5, 1), the side facing +x (u = 0.75) is green, -x (u = 0.25) red.
     */
    public static void sphereUsesDocumentedParameterisation(Renderer r, Path dir) throws Exception {
        Path png = TestTextures.rgbPng(dir.resolve("halves.png"), new int[][][]{{{255, 0, 0}, {0, 255, 0}}});
        Material m = Material.named("tex").diffuse(Vec3.ONE).diffuseTexture(png.toString()).build();
        TextureSource loader = new TextureLoader(w -> fail(w));
        for (int side : new int[]{1, -1}) {
            Camera cam = new Camera(new Vec3(4 * side, 0, 0), Vec3.ZERO, new Vec3(0, 1, 0), 20, 0, 0);
            Scene s = scene(new SphereNode("ball", List.of(new Sphere(Vec3.ZERO, 1, 0))), m, cam, 9);
            Frame f = render(r, s, loader, EnumSet.of(Aov.ALBEDO));
            int centre = 3 * (4 * 9 + 4);
            assertEquals(side > 0 ? 0 : 1, f.albedo()[centre], 1e-4, "red, seen from x = " + 4 * side);
            assertEquals(side > 0 ? 1 : 0, f.albedo()[centre + 1], 1e-4, "green, seen from x = " + 4 * side);
        }
    }

    /**
     * A model whose textures are missing or unreadable imports and renders, untextured, with a
     * warning naming each file.
     */
    public static void missingTextureWarnsAndRendersUntextured(Renderer r, Path dir) throws Exception {
        Files.write(dir.resolve("broken.png"), new byte[]{(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13, 1, 2, 3});
        Files.writeString(dir.resolve("model.mtl"), String.join("\n",
                "newmtl gone", "Ka 1 1 1", "Kd 0.5 0.5 0.5", "map_Kd missing.png",
                "newmtl broken", "Ka 1 0.5 0.25", "Kd 0.5 0.5 0.5", "map_Kd broken.png", "map_bump -bm 2 broken.png", ""));
        Files.writeString(dir.resolve("model.obj"), String.join("\n", "mtllib model.mtl",
                "v -1 -1 0", "v 1 -1 0", "v 1 1 0", "v -1 1 0", "v 2 -1 0", "v 2 1 0",
                "vt 0 0", "vt 1 0", "vt 1 1", "vt 0 1",
                "usemtl gone", "f 1/1 2/2 3/3 4/4", "usemtl broken", "f 2/1 5/2 6/3 3/4", ""));
        ImportResult imported = ObjReader.read(dir.resolve("model.obj"));
        // The import keeps a missing texture's expected path; the texture loader says once that it is missing.
        assertTrue(imported.warnings().stream().noneMatch(w -> w.contains("missing.png")), imported.warnings().toString());
        Scene scene = imported.scene();
        scene = scene.withSettings(scene.settings().withSize(24, 16));
        List<String> warnings = new ArrayList<>();
        Frame textured = render(r, scene, new TextureLoader(warnings::add), EnumSet.of(Aov.RADIANCE, Aov.ALBEDO));
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith(dir.resolve("missing.png").toString())
                && w.contains("not found")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith(dir.resolve("broken.png").toString())
                && w.contains("cannot read")), warnings.toString());
        assertEquals(2, warnings.size(), "one warning per file, not per use (broken.png is both texture and bump map): " + warnings);
        Frame plain = render(r, scene, TextureSource.NONE, EnumSet.of(Aov.RADIANCE, Aov.ALBEDO));
        assertArrayEquals(plain.radiance(), textured.radiance(), "renders as if untextured");
        assertArrayEquals(plain.albedo(), textured.albedo());
        double sum = 0;
        for (float a : textured.albedo()) sum += a;
        assertTrue(sum > 0, "the model is in view");
    }

    // ----------------------------------------------------------------------------------------------

    /** Expected colour at (u, v): bilinear over texel centres (i + 0.5) / 4 of the decoded checker. */
    static double[] bilinear(double u, double v, boolean clamp) {
        if (clamp) {
            u = Math.max(0, Math.min(1, u));
            v = Math.max(0, Math.min(1, v));
        }
        double x = u * 4 - 0.5, y = v * 4 - 0.5;
        int x0 = (int) Math.floor(x), y0 = (int) Math.floor(y);
        double ax = x - x0, ay = y - y0;
        double[] out = new double[3];
        for (int c = 0; c < 3; c++) {
            double t00 = texel(x0, y0, c, clamp), t10 = texel(x0 + 1, y0, c, clamp);
            double t01 = texel(x0, y0 + 1, c, clamp), t11 = texel(x0 + 1, y0 + 1, c, clamp);
            out[c] = (1 - ay) * ((1 - ax) * t00 + ax * t10) + ay * ((1 - ax) * t01 + ax * t11);
        }
        return out;
    }

    /** Decoded checker texel (i, j), j counted from the bottom, addressed by repeat or clamp. */
    private static double texel(int i, int j, int channel, boolean clamp) {
        i = clamp ? Math.max(0, Math.min(3, i)) : Math.floorMod(i, 4);
        j = clamp ? Math.max(0, Math.min(3, j)) : Math.floorMod(j, 4);
        return TestTextures.srgbToLinear(CHECKER[3 - j][i][channel]);
    }

    private static void assertTexel(Frame f, int x, int y, int[] codes, String what) {
        for (int c = 0; c < 3; c++) {
            assertEquals(TestTextures.srgbToLinear(codes[c]), f.radiance()[3 * (y * SIZE + x) + c], 1e-4, what);
        }
    }

    private static void assertAverage(Frame f, int x, int y, int[] a, int[] b, String what) {
        for (int c = 0; c < 3; c++) {
            double expected = 0.5 * (TestTextures.srgbToLinear(a[c]) + TestTextures.srgbToLinear(b[c]));
            assertEquals(expected, f.radiance()[3 * (y * SIZE + x) + c], 1e-4, what);
        }
    }

    /** Lit by the ambient light alone: radiance = ambient colour × texture. */
    private static Material flat(Vec3 ambient) {
        return Material.named("flat").ambient(ambient).build();
    }

    /**
     * The quad [-2, 2]² in the plane z = 0 facing +z, texture coordinates running from {@code lo}
     * at X = -2 to {@code hi} at X = 2 (and the same in Y), seen by the head-on camera.
     */
    static Scene headOnQuad(Material m, float lo, float hi) {
        float[] p = {-2, -2, 0, 2, -2, 0, 2, 2, 0, -2, 2, 0};
        float[] n = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
        float[] uv = {lo, lo, hi, lo, hi, hi, lo, hi};
        TriangleMesh quad = new TriangleMesh("quad", p, n, uv, new int[]{0, 1, 2, 0, 2, 3}, new int[]{0, 0});
        float fov = (float) Math.toDegrees(2 * Math.atan(0.25)); // sees [-1, 1]² at distance 4
        return scene(new MeshNode("quad", quad), m, new Camera(new Vec3(0, 0, 4), Vec3.ZERO, new Vec3(0, 1, 0), fov, 0, 0), SIZE);
    }

    private static Scene scene(SceneNode node, Material m, Camera cam, int size) {
        RenderSettings rs = new RenderSettings(size, size, 1, 4, 0, BLACK, Vec3.ONE, 1, 0, 0);
        return new Scene("textures", TransformNode.group("root", List.of(node)), List.of(m), List.of(), cam, rs);
    }

    static Frame render(Renderer r, Scene s, TextureSource textures, EnumSet<Aov> aovs) throws RenderException {
        GeometryImage gi = GeometryImagePacker.pack(s, textures);
        Frame f = r.render(gi, TraceParameters.of(s.camera(), s.settings(), gi), aovs, ProgressListener.NONE);
        assertEquals(0, f.errors(), "traversal overflowed");
        return f;
    }
}
