package org.drtstudio.render.cpu;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.WideBoxLayout;

import java.lang.ref.WeakReference;

/**
 * The wide layouts of an image, made once per shape level and once per top level: a transform edit
 * hands the same box layout again with new instances (GeometryImage), so the studio's passes and
 * an animation's frames collapse the shapes once and lay out only the instances anew.
 */
final class WideLayouts {
    private WideLayouts() {
    }

    /**
     * @param boxes         the image's box layout (primitives in leaf order)
     * @param shapes        its shapes collapsed
     * @param instanceRoots each instance's shape root in {@code shapes}
     * @param instances     the tree over the instances' world boxes
     * @param identity      per instance, whether its world-to-object rows are the identity at open and close
     */
    record Layouts(BoxLayout boxes, WideBoxLayout shapes, int[] instanceRoots, WideBoxLayout instances, boolean[] identity) {
    }

    /** Whether instance k's world-to-object rows are the identity at shutter open and close. */
    private static boolean identity(float[] instances, int k) {
        int o = 4 * org.drtstudio.accel.GeometryImageLayout.INSTANCE_TEXELS * k;
        for (int step = 0; step < 2; step++) {
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    if (Float.floatToRawIntBits(instances[o + 12 * step + 4 * r + c]) != Float.floatToRawIntBits(r == c ? 1f : 0f)) return false;
                }
            }
        }
        return true;
    }

    private static WeakReference<BoxLayout> lastBoxes = new WeakReference<>(null);
    private static WideBoxLayout lastShapes;
    private static WeakReference<float[]> lastInstances = new WeakReference<>(null);
    private static Layouts last;

    static synchronized Layouts of(GeometryImage image) {
        BoxLayout boxes = BoxLayout.of(image);
        if (lastBoxes.get() != boxes) {
            lastShapes = WideBoxLayout.of(boxes);
            lastBoxes = new WeakReference<>(boxes);
            last = null;
        }
        if (last == null || lastInstances.get() != image.instances() || last.boxes() != boxes) {
            int n = image.instanceCount();
            float[] roots = boxes.instanceRoots(image.instances(), n);
            int[] instanceRoots = new int[n];
            boolean[] identity = new boolean[n];
            float[] worldBoxes = new float[6 * n];
            for (int k = 0; k < n; k++) {
                identity[k] = identity(image.instances(), k);
                instanceRoots[k] = lastShapes.root(Float.floatToRawIntBits(roots[4 * k]));
                System.arraycopy(WideTraversal.worldBox(image.instances(), k, lastShapes, instanceRoots[k]), 0, worldBoxes, 6 * k, 6);
            }
            last = new Layouts(boxes, lastShapes, instanceRoots, WideBoxLayout.ofInstances(worldBoxes, n), identity);
            lastInstances = new WeakReference<>(image.instances());
        }
        return last;
    }
}
