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
     */
    record Layouts(BoxLayout boxes, WideBoxLayout shapes, int[] instanceRoots, WideBoxLayout instances) {
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
            float[] worldBoxes = new float[6 * n];
            for (int k = 0; k < n; k++) {
                instanceRoots[k] = lastShapes.root(Float.floatToRawIntBits(roots[4 * k]));
                System.arraycopy(WideTraversal.worldBox(image.instances(), k, lastShapes, instanceRoots[k]), 0, worldBoxes, 6 * k, 6);
            }
            last = new Layouts(boxes, lastShapes, instanceRoots, WideBoxLayout.ofInstances(worldBoxes, n));
            lastInstances = new WeakReference<>(image.instances());
        }
        return last;
    }
}
