package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.GuideScenes;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.EnumSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GL tracer's guides (summed by {@code trace.comp}, topped up by {@code aov.comp}) average the same
 * camera rays as the CPU twin's: equal guides under depth of field (the summed guides' own checks are
 * in the renderer contract), and the same split of the radiance for the denoiser.
 */
@Timeout(300)
class GuideAovTwinTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void gpuAndCpuAverageTheSameGuides() throws Exception {
        Scene s = GuideScenes.twoColourFloor();
        GeometryImage image = GuideScenes.pack(s);
        TraceParameters p = GuideScenes.parameters(s, image, 4, 0.4f);
        var aovs = EnumSet.of(Aov.ALBEDO, Aov.DEPTH, Aov.NORMAL);
        Frame g = GL.get().render(image, p, aovs, ProgressListener.NONE);
        Frame c;
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            c = cpu.render(image, p, aovs, ProgressListener.NONE);
        }
        int n = p.width() * p.height(), agree = 0, mixed = 0;
        for (int i = 0; i < n; i++) {
            double albedo = 0, dot = 0;
            for (int k = 0; k < 3; k++) {
                albedo += Math.abs(g.albedo()[3 * i + k] - c.albedo()[3 * i + k]);
                dot += g.normals()[3 * i + k] * c.normals()[3 * i + k];
            }
            boolean bothMiss = Float.isInfinite(g.depth()[i]) && Float.isInfinite(c.depth()[i]);
            boolean depthAgrees = bothMiss || Math.abs(g.depth()[i] - c.depth()[i]) <= 1e-4 * c.depth()[i];
            if (albedo < 1e-4 && depthAgrees && (bothMiss || dot > 0.9999)) agree++;
            float green = c.albedo()[3 * i + 1];
            if (green > 0.05f && green < 0.95f) mixed++;
        }
        assertTrue(mixed >= 4 * GuideScenes.HEIGHT, "the comparison should cover averaged pixels: " + mixed);
        // A sample ray grazing an edge may hit on one side in one tracer and the other in the other.
        assertTrue(agree >= 0.99 * n, "GPU and CPU guides agree on " + agree + " of " + n + " pixels");
    }

    static Stream<Arguments> effectScenes() throws Exception {
        return Stream.of(Arguments.of("every effect", GlWavefrontTest.allEffects()),
                Arguments.of("perfect mirror and glass", GlWavefrontTest.perfectMirrorAndGlass()),
                Arguments.of("soft shadows, lens closed", GlWavefrontTest.softShadowsLensClosed()));
    }

    /**
     * The denoiser's split (DiffuseSplit), summed by both tracers' trace passes, and the guides
     * (the trace passes' and the guide pass's), on a scene with every effect, and on one whose
     * perfect mirror and glass pass the guide chain on.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("effectScenes")
    void gpuAndCpuSplitTheSamplesAlike(String name, Scene scene) throws Exception {
        Scene s = scene.withSettings(scene.settings().withSize(40, 30).withSampling(3, 5, 7));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX);
        Frame g = GL.get().render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
        Frame c;
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            c = cpu.render(image, p, DenoiseInput.NEEDED, ProgressListener.NONE);
        }
        int n = p.width() * p.height(), agree = 0, diffuseLit = 0, otherLit = 0;
        for (int i = 0; i < n; i++) {
            boolean same = close(g.split().diffuseVariance()[i], c.split().diffuseVariance()[i])
                    && close(g.split().otherVariance()[i], c.split().otherVariance()[i]);
            for (int k = 0; k < 3; k++) {
                same &= close(g.split().diffuse()[3 * i + k], c.split().diffuse()[3 * i + k])
                        && close(g.split().ownAlbedo()[3 * i + k], c.split().ownAlbedo()[3 * i + k]);
            }
            for (int k = 0; k < 3; k++) {
                same &= close(g.albedo()[3 * i + k], c.albedo()[3 * i + k]) && close(g.normals()[3 * i + k], c.normals()[3 * i + k]);
            }
            if (same) agree++;
            if (c.split().diffuse()[3 * i + 1] > 0.05f) diffuseLit++;
            if (c.radiance()[3 * i + 1] - c.split().diffuse()[3 * i + 1] > 0.05f) otherLit++;
        }
        assertTrue(diffuseLit > n / 4 && otherLit > n / 10, "both parts hold light: " + diffuseLit + ", " + otherLit);
        // A ray grazing an edge may go one way in one tracer and the other in the other (see above).
        assertTrue(agree >= 0.98 * n, name + ": GPU and CPU split and guide " + agree + " of " + n + " pixels alike");
    }

    /**
     * The guide pass's walk of the chains (guide.glsl) and the CPU's on two facing part-transparent
     * mirrors 12 deep, where the shading's ray stack runs out of room before the depth does.
     */
    @Test
    void gpuAndCpuWalkLongChainsAlike() throws Exception {
        Scene s = GuideScenes.facingMirrors(12);
        s = s.withSettings(s.settings().withSize(24, 24).withSampling(2, 12, 3));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX);
        var aovs = java.util.EnumSet.of(Aov.ALBEDO, Aov.NORMAL);
        Frame g = GL.get().render(image, p, aovs, ProgressListener.NONE);
        Frame c;
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            c = cpu.render(image, p, aovs, ProgressListener.NONE);
        }
        int n = p.width() * p.height(), agree = 0;
        for (int i = 0; i < n; i++) {
            boolean same = true;
            for (int k = 0; k < 3; k++) {
                same &= close(g.albedo()[3 * i + k], c.albedo()[3 * i + k]) && close(g.normals()[3 * i + k], c.normals()[3 * i + k]);
            }
            if (same) agree++;
        }
        assertTrue(agree >= 0.98 * n, "GPU and CPU guides of long chains alike on " + agree + " of " + n + " pixels");
    }

    private static boolean close(float a, float b) {
        return Math.abs(a - b) <= 1e-5f + 1e-3f * Math.abs(b);
    }


}
