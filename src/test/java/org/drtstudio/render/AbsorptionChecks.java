package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Beer absorption in closed form, for any {@link Renderer}: a clear slab (transparency 1, ior 1, so
 * no Fresnel reflection at normal incidence and no bending) of thickness d in front of a white
 * background; each pixel's radiance is the background times exp(−σ · d / |cos θ|), θ the ray's
 * angle to the slab's normal, per channel.
 */
public final class AbsorptionChecks {
    private static final Vec3 BLACK = Vec3.ZERO;

    private AbsorptionChecks() {
    }

    /** The faces of a slab z ∈ [−d/2, d/2] wound outward (the tracers tell entering from leaving by the winding). */
    static TriangleMesh slab(float halfWidth, float thickness) {
        float a = halfWidth, z = thickness / 2;
        float[] p = {-a, -a, z, a, -a, z, a, a, z, -a, a, z, -a, -a, -z, a, -a, -z, a, a, -z, -a, a, -z};
        float[] n = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1};
        int[] idx = {0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6};
        return new TriangleMesh("slab", p, n, null, idx, new int[]{0, 0, 0, 0});
    }

    /**
     * Transmission through slabs of two thicknesses and three coefficients matches exp(−σ d / |cos θ|),
     * to within the ray epsilon's share of the path (about 1e-4 relative here).
     */
    public static void slabTransmissionIsBeer(Renderer r) throws RenderException {
        Vec3 sigma = new Vec3(0.25f, 1f, 3f);
        for (float d : new float[]{0.5f, 1f}) {
            Material glass = Material.named("absorbing glass").transparency(1).absorption(sigma).build();
            int w = 24, h = 16;
            RenderSettings rs = new RenderSettings(w, h, 1, 6, 0, Vec3.ONE, BLACK, 1, 0, 0);
            Scene s = new Scene("slab", TransformNode.group("root", List.of(new MeshNode("slab", slab(20, d)))), List.of(glass), List.of(),
                    new Camera(new Vec3(0, 0, 5), Vec3.ZERO, new Vec3(0, 1, 0), 30, 0, 0), rs);
            GeometryImage gi = GeometryImagePacker.pack(s);
            TraceParameters p = TraceParameters.of(s.camera(), s.settings(), gi);
            Frame f = r.render(gi, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
            assertEquals(0, f.errors(), "traversal overflowed");
            double worst = 0;
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    double cos = Math.abs(AnalyticShadingChecks.direction(p, x + 0.5, y + 0.5)[2]);
                    double path = d / cos;
                    int i = 3 * (y * w + x);
                    double[] expected = {Math.exp(-sigma.x() * path), Math.exp(-sigma.y() * path), Math.exp(-sigma.z() * path)};
                    float[] s3 = {sigma.x(), sigma.y(), sigma.z()};
                    for (int c = 0; c < 3; c++) {
                        // Each new ray starts the ray epsilon off its surface along the normal, so the path inside is
                        // up to 2ε/cos θ shorter than the slab's: that, plus float rounding, is the tolerance.
                        double tolerance = s3[c] * 2 * p.rayEpsilon() / cos + 2e-5;
                        double rel = Math.abs(f.radiance()[i + c] - expected[c]) / expected[c];
                        worst = Math.max(worst, rel / tolerance);
                        assertTrue(rel < tolerance, String.format("d=%s pixel (%d,%d) channel %d: %s, Beer says %s", d, x, y, c,
                                f.radiance()[i + c], expected[c]));
                    }
                }
            }
            // The check must be able to fail: without absorption the thickest channel would be off by far more.
            assertTrue(Math.exp(-sigma.z() * d) < 0.5, "the slab absorbs visibly");
            assertTrue(worst < 1, "worst error over its tolerance " + worst);
        }
    }
}
