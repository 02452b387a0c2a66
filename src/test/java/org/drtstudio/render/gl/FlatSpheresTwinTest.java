package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The spheres suite's flat shading: every pixel is black or exactly one sphere's colour, in both
 * tracers, and the two agree pixel for pixel (llvmpipe in CI, small size).
 */
@Timeout(120)
class FlatSpheresTwinTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void eachPixelIsItsSpheresColourOnBothTracers() throws Exception {
        RandomSpheres spheres = RandomSpheres.generate(1000, 3);
        Scene scene = spheres.flatScene(40, 40);
        GeometryImage image = GeometryImagePacker.pack(scene);
        TraceParameters p = TraceParameters.of(scene.camera(), scene.settings(), image);
        Frame cpu = new CpuRenderer(2).render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
        Frame gpu = GL.get().render(image, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
        Set<Vec3> colours = new HashSet<>(spheres.colors());
        int hits = 0;
        Set<Vec3> seen = new HashSet<>();
        for (int i = 0; i < 40 * 40; i++) {
            Vec3 c = new Vec3(cpu.radiance()[3 * i], cpu.radiance()[3 * i + 1], cpu.radiance()[3 * i + 2]);
            if (!c.equals(Vec3.ZERO)) {
                assertTrue(colours.contains(c), "pixel " + i + " is a sphere's colour, unlit: " + c);
                hits++;
                seen.add(c);
            }
            for (int k = 0; k < 3; k++) {
                assertEquals(cpu.radiance()[3 * i + k], gpu.radiance()[3 * i + k], 1e-6f, "GPU and CPU agree at pixel " + i);
            }
        }
        assertTrue(hits > 40 * 40 / 10, "spheres cover a good part of the view: " + hits);
        assertTrue(seen.size() > 50, "many different spheres are seen: " + seen.size());
    }
}
