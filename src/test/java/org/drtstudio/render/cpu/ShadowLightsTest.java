package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.PortalAgreementChecks;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.sampling.ShadowLights;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code --shadow-lights nearest} on the CPU tracer: under two lights, with one bounce, every
 * pixel is the picture of the scene lit by one of the two lights alone, and both lights' pictures
 * occur; the default lights many pixels by both.
 */
class ShadowLightsTest {
    private static final int W = 64, H = 48;

    private static float[] render(Scene scene, ShadowLights lights) throws Exception {
        try (CpuRenderer cpu = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.PORTALS)) {
            cpu.useShadowLights(lights);
            var image = GeometryImagePacker.pack(scene);
            Frame f = cpu.render(image, TraceParameters.of(scene.camera(), scene.settings(), image),
                    EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
            return f.radiance();
        }
    }

    @Test
    void eachPixelIsLitByItsNearestLightAlone() throws Exception {
        Scene scene = PortalAgreementChecks.mazeUnderTwoLights(W, H);
        float[] nearest = render(scene, ShadowLights.NEAREST), all = render(scene, ShadowLights.ALL);
        float[] first = render(PortalAgreementChecks.onlyLight(scene, 0), ShadowLights.ALL);
        float[] second = render(PortalAgreementChecks.onlyLight(scene, 1), ShadowLights.ALL);
        int byFirst = 0, bySecond = 0, byBoth = 0;
        for (int px = 0; px < W * H; px++) {
            boolean isFirst = true, isSecond = true, differ = false;
            for (int c = 0; c < 3; c++) {
                int i = 3 * px + c;
                isFirst &= Math.abs(nearest[i] - first[i]) <= 1e-6f;
                isSecond &= Math.abs(nearest[i] - second[i]) <= 1e-6f;
                differ |= Math.abs(first[i] - second[i]) > 1e-3f;
                assertTrue(nearest[i] <= all[i] + 1e-6f, "pixel " + px + ": dropping lights cannot brighten it");
            }
            assertTrue(isFirst || isSecond, "pixel " + px + " is lit by neither light alone");
            if (differ && isFirst) byFirst++;
            if (differ && isSecond) bySecond++;
            if (all[3 * px] > nearest[3 * px] + 1e-3f) byBoth++;
        }
        assertTrue(byFirst > W * H / 20 && bySecond > W * H / 20, "both lights are someone's nearest: " + byFirst + ", " + bySecond);
        assertTrue(byBoth > W * H / 20, "the default lights many pixels by both: " + byBoth);
    }
}
