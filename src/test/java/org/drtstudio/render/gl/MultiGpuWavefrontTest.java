package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The wavefront frame split in bands across two contexts of one device (the path of two GPUs) is the
 * one-context frame bit for bit, though a band has fewer pixels for the same slots: each band spreads
 * a pixel's samples over as many slots as the whole frame does ({@link GlWavefront#partsPerPixel}),
 * and a pixel's parts are summed part after part, so its float sum is the same.
 */
@Timeout(300)
class MultiGpuWavefrontTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> ONE = SharedGl.renderer(FrameSchedule.WAVEFRONT);
    @RegisterExtension
    static final SharedGl<MultiGpuRenderer> TWO = SharedGl.twoContexts(16);

    private static final Set<Aov> AOVS = EnumSet.of(Aov.RADIANCE, Aov.VARIANCE, Aov.SAMPLES, Aov.DEPTH);

    @Test
    void aBandSpreadsItsPixelsAsTheWholeFrameDoes() throws Exception {
        Scene s = MultiGpuRendererTest.effects(4);
        GeometryImage image = new GeometryImageBuilder().build(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), image);
        // Windows of 2,560 slots: had the window's room decided, the frame's 2,257 pixels would take
        // one slot each and a band's 1,100 or so two.
        int slots = WavefrontLayout.GROUP * 40;
        ONE.get().limitWavefrontSlots(slots);
        TWO.get().useTiling("b1");
        for (GlRenderer device : TWO.get().devices()) {
            device.useFrameSchedule(FrameSchedule.WAVEFRONT);
            device.limitWavefrontSlots(slots);
        }
        Frame one = ONE.get().render(image, p, AOVS, ProgressListener.NONE);
        Frame two = TWO.get().render(image, p, AOVS, ProgressListener.NONE);
        assertEquals(FrameSchedule.WAVEFRONT, ONE.get().lastFrameSchedule());
        assertEquals(4, ONE.get().wavefrontParts(), "a slot a sample, in windows of rows");
        for (GlRenderer device : TWO.get().devices()) {
            assertEquals(FrameSchedule.WAVEFRONT, device.lastFrameSchedule(), "each band traced by the wavefront");
            assertEquals(4, device.wavefrontParts(), "a band spreads its pixels as the frame does");
        }
        MultiGpuRendererTest.assertSameFrame(one, two);
    }
}
