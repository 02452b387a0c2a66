package org.drtstudio.accel;

import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/** The studio's builds of large new meshes: a coarse hierarchy first, the full one after {@code refine}. */
class CoarseFirstBuildTest {
    /** 20,000 triangles beside a 2,000-triangle mesh; the builder makes meshes of 10,000 or more coarse first. */
    private static final TriangleMesh LARGE = ProceduralMeshes.bumpySphere(100, 100), SMALL = ProceduralMeshes.bumpySphere(40, 25);

    private static Scene scene() {
        Material glossy = Material.named("glossy").diffuse(new Vec3(0.6f, 0.5f, 0.4f)).specular(Vec3.ONE).phongExponent(30f)
                .reflectivity(0.4f).build();
        Scene s = TestScenes.scene(List.of(new MeshNode("large", LARGE), beside()), List.of(glossy),
                List.of(new PointLight(new Vec3(2, 5, 5), Vec3.ONE, 1)), new Camera(new Vec3(0.5f, 0.3f, 3.2f), Vec3.ZERO, new Vec3(0, 1, 0), 40, 0, 0));
        RenderSettings rs = s.settings().withSize(64, 48).withSampling(2, s.settings().maxDepth(), 7);
        return new Scene(s.name(), s.root(), s.materials(), s.lights(), s.camera(), rs);
    }

    /** The small mesh, half size, off to the side (no surface coincides with the large one's). */
    private static TransformNode beside() {
        return new TransformNode("beside", new Matrix4f().translate(1.1f, -0.4f, 0.3f).scale(0.5f), List.of(new MeshNode("small", SMALL)));
    }

    private static Frame render(GeometryImage gi, Scene s, NodeKind nodes) throws org.drtstudio.render.RenderException {
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), gi, PixelFilter.BOX);
        return new CpuRenderer(2, nodes).render(gi, p, Set.of(Aov.RADIANCE), ProgressListener.NONE);
    }

    @Test
    void theCoarseImageValidatesAndShowsTheSamePictureAsTheFullOne() throws Exception {
        Scene s = scene();
        GeometryImage full = new GeometryImageBuilder().build(s);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.coarseFirstFrom(10_000);
        GeometryImage coarse = builder.build(s);
        assertTrue(builder.hasCoarseShapes());
        assertTrue(coarse.nodeCount() < full.nodeCount() / 2, "coarse " + coarse.nodeCount() + " nodes, full " + full.nodeCount());
        assertEquals(List.of(), GeometryImageValidator.validate(coarse));
        for (NodeKind kind : NodeKind.values()) {
            Frame a = render(full, s, kind), b = render(coarse, s, kind);
            long lit = 0;
            for (float v : a.radiance()) if (v > 0) lit++;
            assertTrue(lit > a.radiance().length / 4, "the meshes fill the picture: " + lit);
            // The same closest hits, so the same picture up to float rounding (at most 1e-5 measured here).
            int differ = 0;
            double worst = 0;
            for (int i = 0; i < a.radiance().length; i++) {
                double d = Math.abs(a.radiance()[i] - b.radiance()[i]);
                worst = Math.max(worst, d);
                if (d > 1e-4 * Math.max(1, Math.abs(a.radiance()[i]))) differ++;
            }
            assertEquals(0, differ, kind + ": values beyond rounding (worst " + worst + ")");
        }
    }

    @Test
    void afterRefiningTheNextImageIsTheOneABuilderMakesInOneGo() {
        Scene s = scene();
        GeometryImage full = new GeometryImageBuilder().build(s);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.coarseFirstFrom(10_000);
        GeometryImage coarse = builder.build(s);
        assertTrue(builder.refine() >= 0);
        assertFalse(builder.hasCoarseShapes());
        GeometryImage refined = builder.build(s);
        assertNotSame(coarse.nodes(), refined.nodes());
        assertEquals(full.nodeCount(), refined.nodeCount());
        assertArrayEquals(bits(full.nodes()), bits(refined.nodes()), "nodes");
        assertArrayEquals(bits(full.primitives()), bits(refined.primitives()), "primitives");
        assertArrayEquals(bits(full.vertices()), bits(refined.vertices()), "vertices");
        assertArrayEquals(bits(full.boxLayout().nodes()), bits(refined.boxLayout().nodes()), "box layout nodes");
        assertArrayEquals(bits(full.boxLayout().primitives()), bits(refined.boxLayout().primitives()), "box layout primitives");
        assertEquals(List.of(), GeometryImageValidator.validate(refined));
        assertEquals(0, builder.refine(), 50, "nothing left to refine");
    }

    @Test
    void aMeshRemovedBeforeRefiningIsForgotten() {
        Scene s = scene();
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.coarseFirstFrom(10_000);
        builder.build(s);
        Scene smallOnly = TestScenes.scene(List.of(beside()), s.materials(), s.lights(), s.camera());
        GeometryImage gi = builder.build(smallOnly);
        assertFalse(builder.hasCoarseShapes());
        assertEquals(List.of(), GeometryImageValidator.validate(gi));
    }

    private static int[] bits(float[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) out[i] = Float.floatToRawIntBits(a[i]);
        return out;
    }
}
