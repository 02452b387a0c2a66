package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.CameraBasis;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The OpenCL sphere caster's scene, look and brute force (issue 42) on both tracers, llvmpipe at small
 * sizes: the facing ratio sh = max(0, N·(−Rd)) times the sphere's colour, checked against the closed
 * form computed here ray by ray in double precision, and GLSL against its CPU twin, walking the BVH
 * and brute force.
 */
@Timeout(300)
class SphereCasterTwinTest {
    private static final int W = 64, H = 36;

    @RegisterExtension
    static final SharedGl<GlRenderer> BRUTE = SharedGl.renderer(AccelStructure.BRUTE);

    private static final RandomSpheres SPHERES = RandomSpheres.generate(400, 11, SphereLayout.PAPER);

    private static Frame render(org.drtstudio.render.Renderer r, Scene scene) throws Exception {
        GeometryImage image = GeometryImagePacker.pack(scene);
        TraceParameters p = TraceParameters.of(scene.camera(), scene.settings(), image);
        return r.render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
    }

    @Test
    void theFacingRatioIsTheClosedFormOnTheCpuAndTheGpuAgrees() throws Exception {
        Scene scene = SPHERES.facingScene(W, H);
        Frame cpu = render(new CpuRenderer(2), scene);
        CameraBasis cam = CameraBasis.of(scene.camera(), W, H);
        int hits = 0, checked = 0, wrong = 0, partlyLit = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int i = y * W + x;
                double[] expected = facing(cam, x + 0.5, y + 0.5);
                if (expected == null) {
                    for (int k = 0; k < 3; k++) assertEquals(0f, cpu.radiance()[3 * i + k], "a miss is black at " + x + "," + y);
                    continue;
                }
                hits++;
                if (expected[3] < 0.02) continue; // a silhouette: float and double may pick different spheres
                checked++;
                if (expected[4] > 0.01 && expected[4] < 0.99) partlyLit++;
                boolean off = false;
                for (int k = 0; k < 3; k++) off |= Math.abs(expected[k] - cpu.radiance()[3 * i + k]) > 2e-3;
                if (off) wrong++;
            }
        }
        assertTrue(hits > W * H / 4 && checked > hits / 2, hits + " hits, " + checked + " checked");
        assertTrue(partlyLit > checked / 4, "the facing ratio shades, not flat: " + partlyLit + " of " + checked);
        assertTrue(wrong <= checked / 200, wrong + " of " + checked + " pixels differ from colour · max(0, N·(−Rd))");

        Frame gpu = render(BRUTE.get(), scene);
        assertSame(cpu, gpu, "facing ratio, CPU bvh against GLSL brute force");
    }

    @Test
    void bruteForceOnTheGpuIsTheCpuTwinsPicture() throws Exception {
        Scene scene = SPHERES.flatScene(W, H);
        Frame cpuBrute = render(new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.BRUTE), scene);
        Frame cpuBvh = render(new CpuRenderer(2), scene);
        assertSame(cpuBvh, cpuBrute, "flat, CPU bvh against CPU brute force");
        assertSame(cpuBrute, render(BRUTE.get(), scene), "flat, CPU brute force against GLSL brute force");
    }

    /** Radiance agrees to 1e-4 on all but 0.2 % of the pixels (a silhouette pixel may see another sphere). */
    private static void assertSame(Frame a, Frame b, String what) {
        int differ = 0;
        for (int i = 0; i < W * H; i++) {
            for (int k = 0; k < 3; k++) {
                if (Math.abs(a.radiance()[3 * i + k] - b.radiance()[3 * i + k]) > 1e-4f) {
                    differ++;
                    break;
                }
            }
        }
        assertTrue(differ <= W * H / 500, what + ": " + differ + " of " + W * H + " pixels differ");
    }

    /**
     * colour · max(0, N·(−Rd)) of the nearest sphere on the pixel ray through (sx, sy), then the
     * margin to the silhouette (how far the ray passes inside the sphere's rim, relative to the radius)
     * and the facing ratio; null for a miss.
     */
    private static double[] facing(CameraBasis c, double sx, double sy) {
        double nx = 2 * sx / W - 1, ny = 1 - 2 * sy / H;
        double[] d = new double[3];
        for (int a = 0; a < 3; a++) d[a] = c.forward()[a] + nx * c.right()[a] + ny * c.up()[a];
        double len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (int a = 0; a < 3; a++) d[a] /= len;
        double best = Double.POSITIVE_INFINITY;
        int nearest = -1;
        double margin = 0;
        for (int s = 0; s < SPHERES.count(); s++) {
            Sphere sp = SPHERES.spheres().get(s);
            double ox = c.eye()[0] - sp.center().x(), oy = c.eye()[1] - sp.center().y(), oz = c.eye()[2] - sp.center().z();
            double b = ox * d[0] + oy * d[1] + oz * d[2];
            double cc = ox * ox + oy * oy + oz * oz - (double) sp.radius() * sp.radius();
            double disc = b * b - cc;
            if (disc < 0) continue;
            double t = -b - Math.sqrt(disc);
            if (t <= 1e-4) t = -b + Math.sqrt(disc);
            if (t <= 1e-4 || t >= best) continue;
            best = t;
            nearest = s;
            margin = Math.sqrt(disc) / sp.radius();
        }
        if (nearest < 0) return null;
        Sphere sp = SPHERES.spheres().get(nearest);
        double[] n = new double[3];
        for (int a = 0; a < 3; a++) n[a] = c.eye()[a] + best * d[a] - new double[]{sp.center().x(), sp.center().y(), sp.center().z()}[a];
        double nl = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        double sh = Math.abs(n[0] * d[0] + n[1] * d[1] + n[2] * d[2]) / nl; // two-sided: the normal turned toward the ray
        Vec3 colour = SPHERES.colors().get(nearest);
        return new double[]{colour.x() * sh, colour.y() * sh, colour.z() * sh, margin, sh};
    }
}
