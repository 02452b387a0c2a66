package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.TransformNode;
import org.joml.Matrix4f;

import java.util.List;
import java.util.Set;
import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.*;

/** Every traversal variant must find exactly the hits of the sphere walk (speed is for drt bench). */
@Timeout(120)
class TraversalExperimentTest {
    @Test
    void everyVariantFindsTheHitsOfTheSphereWalk() throws Exception {
        Scene s = TestScenes.randomSoup(8, 2000, 300);
        s = s.withSettings(s.settings().withSize(32, 32));
        GeometryImage gi = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), gi);
        // With a sphere renderer no box layout is bound by the scene: the experiment must bind its own.
        for (NodeKind kind : NodeKind.values()) {
            try (GlRenderer gpu = GlRenderer.start(false, kind)) {
                for (boolean coherent : new boolean[]{true, false}) {
                    TraversalExperiment.Result r = TraversalExperiment.run(gpu, gi, p, coherent, 1);
                    assertTrue(r.allSameHits(), kind + " renderer, coherent=" + coherent + ": " + r.sameHits());
                    for (double m : r.mraysPerSecond().values()) assertTrue(m > 0, r.mraysPerSecond().toString());
                }
            }
        }
    }

    /**
     * The shading kernel with paired camera rays renders exactly the image of one-by-one traversal,
     * and box nodes exactly the image of sphere nodes (on both tracers),
     * with every distributed effect on (lens, area light, glossy, motion) and an odd sample count,
     * so the unpaired last sample is covered too; the guides summed by the trace pass too.
     */
    @Test
    void tracerOptionsRenderTheSameImage() throws Exception {
        Scene s = TestScenes.randomSoup(5, 1500, 200);
        s = s.withSettings(s.settings().withSize(24, 20).withSampling(5, 4, 9))
                .withCamera(s.camera().withLens(0.05f, 0f))
                .withLights(s.lights().stream().map(l -> l.withRadius(0.3f)).toList());
        Material shiny = Material.named("glossy").ambient(new Vec3(0.1f, 0.1f, 0.1f))
                .diffuse(new Vec3(0.6f, 0.5f, 0.4f)).specular(Vec3.ONE).phongExponent(30f).reflectivity(0.5f)
                .roughness(0.2f).build();
        s = new Scene(s.name(), s.root(), List.of(shiny), s.lights(), s.camera(), s.settings());
        TransformNode r = s.root();
        Scene close = new Scene(s.name(), new TransformNode(r.name(), new Matrix4f(r.transform()).translate(0.2f, 0.1f, 0),
                r.children()), s.materials(), s.lights(), s.camera(), s.settings());
        GeometryImage gi = new GeometryImageBuilder().build(s, close);
        assertTrue(gi.motion());
        TraceParameters p = TraceParameters.of(s.camera(), close.camera(), s.settings(), gi, PixelFilter.TENT);
        Frame paired, single, spheres, cpuBoxes, cpuSpheres;
        // The guides are summed at each camera sample's first hit, which the paired path finds two at a time.
        Set<Aov> withGuides = Set.of(Aov.RADIANCE, Aov.ALBEDO, Aov.NORMAL, Aov.DEPTH);
        try (GlRenderer gpu = GlRenderer.start(true, NodeKind.BOXES)) {
            paired = gpu.render(gi, p, withGuides, ProgressListener.NONE);
        }
        try (GlRenderer gpu = GlRenderer.start(false, NodeKind.BOXES)) {
            single = gpu.render(gi, p, withGuides, ProgressListener.NONE);
        }
        try (GlRenderer gpu = GlRenderer.start(false, NodeKind.SPHERES)) {
            spheres = gpu.render(gi, p, Set.of(Aov.RADIANCE), ProgressListener.NONE);
        }
        cpuBoxes = new CpuRenderer(2, NodeKind.BOXES).render(gi, p, Set.of(Aov.RADIANCE), ProgressListener.NONE);
        cpuSpheres = new CpuRenderer(2, NodeKind.SPHERES).render(gi, p, Set.of(Aov.RADIANCE), ProgressListener.NONE);
        assertArrayEquals(spheres.radiance(), single.radiance(), "box and sphere nodes, GPU");
        assertArrayEquals(cpuSpheres.radiance(), cpuBoxes.radiance(), "box and sphere nodes, CPU");
        assertEquals(0, paired.errors());
        long distinct = java.util.stream.IntStream.range(0, single.radiance().length)
                .mapToObj(i -> single.radiance()[i]).distinct().count();
        assertTrue(distinct > 100, "the image shows the scene, not a flat colour: " + distinct + " distinct values");
        assertArrayEquals(single.radiance(), paired.radiance());
        assertArrayEquals(single.albedo(), paired.albedo(), "albedo guide");
        assertArrayEquals(single.normals(), paired.normals(), "normal guide");
        assertArrayEquals(single.depth(), paired.depth(), "depth guide");
    }
}
