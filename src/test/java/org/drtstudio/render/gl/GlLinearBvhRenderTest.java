package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.GeometryImageValidator;
import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The GL tracer (llvmpipe in CI) walks the box layout the GPU built as it walks the binned build's:
 * an image whose large mesh the GPU built passes the validator ({@code drt info --check}) and its
 * picture and depth are the binned image's up to float rounding (the same closest hits, at one ray epsilon), for a
 * scene of a GPU-built mesh, a binned one beside it and an instance of the first.
 */
@Timeout(300)
class GlLinearBvhRenderTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> TRACER = SharedGl.renderer();
    @RegisterExtension
    static final SharedGl<GlThread> BUILDER = SharedGl.thread();
    private static final TriangleMesh LARGE = ProceduralMeshes.bumpySphere(100, 100), SMALL = ProceduralMeshes.bumpySphere(40, 25);

    @Test
    void theGpuBuiltLayoutRendersTheBinnedBuildsPicture() throws Exception {
        Scene s = scene();
        GeometryImage binned = new GeometryImageBuilder().build(s);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.useLinearBvh(new GlLinearBvhBuilder(BUILDER.get()), 10_000);
        GeometryImage linear = builder.build(s);
        assertTrue(builder.lastTimings().linearBvh().startsWith("GPU LBVH"), builder.lastTimings().linearBvh());
        // One ray epsilon for both: the GPU-built shape is bounded by its root box's sphere, not its sphere
        // tree's root (LinearBvhShapes), so its own scene radius and epsilon are a quarter to a third smaller, which
        // moves a few shadow-terminator pixels of the bumpy sphere.
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), binned);
        Frame a = TRACER.get().render(binned, p, Set.of(Aov.RADIANCE, Aov.DEPTH), ProgressListener.NONE);
        Frame b = TRACER.get().render(linear, p, Set.of(Aov.RADIANCE, Aov.DEPTH), ProgressListener.NONE);
        assertFalse(linear.sphereNodes().packed(), "the box walk neither reads nor uploads the deferred sphere tree");
        assertEquals(List.of(), GeometryImageValidator.validate(linear));
        assertClose(a.radiance(), b.radiance(), "radiance", true);
        assertClose(a.depth(), b.depth(), "depth", false);
        // At its own, smaller epsilon (what a user gets) only a few shadow-terminator values move.
        Frame own = TRACER.get().render(linear, TraceParameters.of(s.camera(), s.settings(), linear), Set.of(Aov.RADIANCE),
                ProgressListener.NONE);
        assertClose(a.radiance(), own.radiance(), "radiance at the GPU-built image's own epsilon", true, 0.02);
    }

    private static void assertClose(float[] a, float[] b, String what, boolean needsLight) {
        assertClose(a, b, what, needsLight, 0);
    }

    /** At most {@code fraction} of the values differ beyond float rounding. */
    private static void assertClose(float[] a, float[] b, String what, boolean needsLight, double fraction) {
        long lit = 0;
        for (float v : a) if (v > 0) lit++;
        if (needsLight) assertTrue(lit > a.length / 4, "the meshes fill the picture: " + lit);
        int differ = 0;
        double worst = 0;
        for (int i = 0; i < a.length; i++) {
            double d = Math.abs(a[i] - b[i]);
            worst = Math.max(worst, d);
            if (d > 1e-4 * Math.max(1, Math.abs(a[i]))) differ++;
        }
        assertTrue(differ <= fraction * a.length, what + ": " + differ + " of " + a.length + " values beyond rounding (worst " + worst + ")");
    }

    private static Scene scene() {
        Material glossy = Material.named("glossy").diffuse(new Vec3(0.6f, 0.5f, 0.4f)).specular(Vec3.ONE).phongExponent(30f)
                .reflectivity(0.4f).build();
        MeshNode large = new MeshNode("large", LARGE);
        TransformNode again = new TransformNode("again", new Matrix4f().translate(-1.2f, 0.5f, -0.5f).scale(0.4f), List.of(large));
        TransformNode beside = new TransformNode("beside", new Matrix4f().translate(1.1f, -0.4f, 0.3f).scale(0.5f),
                List.of(new MeshNode("small", SMALL)));
        Scene s = TestScenes.scene(List.of(large, again, beside), List.of(glossy), List.of(new PointLight(new Vec3(2, 5, 5), Vec3.ONE, 1)),
                new Camera(new Vec3(0.5f, 0.3f, 3.2f), Vec3.ZERO, new Vec3(0, 1, 0), 40, 0, 0));
        RenderSettings rs = s.settings().withSize(64, 48).withSampling(2, s.settings().maxDepth(), 7);
        return new Scene(s.name(), s.root(), s.materials(), s.lights(), s.camera(), rs);
    }
}
