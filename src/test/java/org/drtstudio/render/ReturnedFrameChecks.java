package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.scene.Scene;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A frame a renderer returned is the caller's: no later render or pass of the same renderer writes into its
 * arrays. A sequence writes frame f's files while frame f+1 is traced ({@code io.support.WriteBehind}), so a
 * backend that handed out a buffer it reuses would write the next frame's pixels into the file being compressed.
 */
public final class ReturnedFrameChecks {
    private static final Set<Aov> EVERY_ARRAY = EnumSet.of(Aov.RADIANCE, Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO, Aov.VARIANCE,
            Aov.SAMPLES, Aov.DIFFUSE, Aov.DENOISED);

    private ReturnedFrameChecks() {
    }

    public static void laterRendersLeaveAReturnedFrameAlone(Renderer r) throws Exception {
        Scene a = GuideScenes.twoColourFloor(), b = GuideScenes.facingMirrors(3);
        GeometryImage imageA = GuideScenes.pack(a), imageB = GuideScenes.pack(b);
        TraceParameters pa = GuideScenes.parameters(a, imageA, 4, 0.2f), pb = GuideScenes.parameters(b, imageB, 4, 0f);

        Frame whole = r.render(imageA, pa, EVERY_ARRAY, ProgressListener.NONE);
        // An export's passes: the split from the first, the denoised radiance with the last.
        r.accumulate(imageA, pa, 0, 2, EnumSet.of(Aov.DIFFUSE), ProgressListener.NONE);
        Frame passes = r.accumulate(imageA, pa, 2, 2, EnumSet.of(Aov.DENOISED, Aov.RADIANCE), ProgressListener.NONE);
        List<Object> wholeCopy = copies(whole), passesCopy = copies(passes);

        Frame next = r.render(imageB, pb, EVERY_ARRAY, ProgressListener.NONE);
        r.accumulate(imageB, pb, 0, 2, EnumSet.of(Aov.DIFFUSE), ProgressListener.NONE);
        r.accumulate(imageB, pb, 2, 2, EnumSet.of(Aov.DENOISED, Aov.RADIANCE), ProgressListener.NONE);

        assertFalse(java.util.Arrays.equals(whole.srgb(), next.srgb()), "the later render is another picture");
        assertSame(wholeCopy, copies(whole), "a rendered frame");
        assertSame(passesCopy, copies(passes), "a frame of passes");
    }

    /** Every array of the frame, copied, in a fixed order (null where absent). */
    private static List<Object> copies(Frame f) {
        List<Object> out = new ArrayList<>();
        out.add(f.srgb().clone());
        for (float[] a : new float[][]{f.radiance(), f.depth(), f.normals(), f.albedo(), f.variance(), f.samples(), f.denoised()}) {
            out.add(a == null ? null : a.clone());
        }
        DiffuseSplit s = f.split();
        for (float[] a : s == null ? new float[4][] : new float[][]{s.diffuse(), s.diffuseVariance(), s.otherVariance(), s.ownAlbedo()}) {
            out.add(a == null ? null : a.clone());
        }
        return out;
    }

    private static void assertSame(List<Object> before, List<Object> after, String what) {
        assertEquals(before.size(), after.size());
        assertArrayEquals((byte[]) before.get(0), (byte[]) after.get(0), what + "'s picture was written into by a later render");
        for (int i = 1; i < before.size(); i++) {
            assertArrayEquals((float[]) before.get(i), (float[]) after.get(i), what + "'s array " + i + " was written into by a later render");
        }
    }
}
