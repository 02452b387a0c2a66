package org.drtstudio.io;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * scenes/baddie.json, the DRT paper's "baddie" scene as a sample: an OBJ figure (Spot) on a ground
 * with loose spheres, lit and framed; the ground is the paper's analytic plane, tested outside the tree. It opens as every sample does (ShippedScenesTest), holds
 * the figure, the ground and the spheres, and renders lit, the ground in view with sky above.
 */
class BaddieSampleTest {
    @Test
    void theFigureTheGroundAndTheLooseSpheresAreInViewAndLit() throws Exception {
        Scene s = ProjectConverter.open(Path.of("scenes/baddie.json")).model().at(0);
        GeometryImage gi = GeometryImagePacker.pack(s);
        assertNotNull(s.settings().ground(), "the ground is the analytic plane, outside the tree");
        assertTrue(gi.hasGround());
        assertEquals(5_856 + 1, gi.triangleCount(), "Spot and the triangle that shades the ground plane");
        assertTrue(gi.sphereCount() >= 5, "loose spheres: " + gi.sphereCount());
        assertTrue(gi.lightCount() >= 1);
        Scene small = s.withSettings(s.settings().withSize(96, 54));
        Frame f;
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            f = cpu.render(gi, TraceParameters.of(small.camera(), small.settings(), gi), EnumSet.of(Aov.DEPTH, Aov.RADIANCE), ProgressListener.NONE);
        }
        int hits = 0;
        double lit = 0;
        for (int i = 0; i < f.depth().length; i++) {
            if (Float.isFinite(f.depth()[i])) hits++;
        }
        for (float v : f.radiance()) lit += v;
        assertTrue(hits > f.depth().length / 2, "the ground fills the lower part of the view: " + hits);
        assertTrue(hits < f.depth().length, "the sky shows above the ground");
        assertTrue(lit / f.radiance().length > 0.05, "the scene is lit: " + lit / f.radiance().length);
    }
}
