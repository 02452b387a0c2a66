package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;

import java.util.List;

/**
 * Keeps a model moved with G on what it stood on: the move follows the ground (the horizontal
 * plane through its pivot) and the model rests on the highest surface under its new footprint,
 * as an import lands ({@link ImportPlacement#rest}). G moved in the screen plane, so moving the
 * mouse down sank a model into the floor (issue 39, item 14). Only for a model standing on
 * something when the move starts, directly under the scene's root; one floating in the air keeps
 * its height.
 */
final class SurfaceSnap {
    private final SceneModel others;
    private final double time;
    private final List<float[]> otherBoxes;
    private final Vec3 half, startCentre;

    private SurfaceSnap(SceneModel others, double time, List<float[]> otherBoxes, Vec3 half, Vec3 startCentre) {
        this.others = others;
        this.time = time;
        this.otherBoxes = otherBoxes;
        this.half = half;
        this.startCentre = startCentre;
    }

    /** The snap for moving {@code node}, or null when it does not stand on anything (or is nested in a moved group). */
    static SurfaceSnap of(SceneModel model, GroupNode node, double time) {
        GroupNode root = model.root();
        if (!root.children().contains(node)) return null;
        List<AuthoredNode> rest = new java.util.ArrayList<>(root.children());
        rest.remove(node);
        SceneModel without = model.withRoot(root.withChildren(rest));
        SceneModel alone = model.withRoot(root.withChildren(List.of(node)));
        float[] box = ImportPlacement.union(ImportPlacement.objectBoxes(alone, time));
        if (box == null) return null;
        Vec3 half = new Vec3((box[3] - box[0]) / 2, (box[4] - box[1]) / 2, (box[5] - box[2]) / 2);
        Vec3 centre = new Vec3((box[0] + box[3]) / 2, (box[1] + box[4]) / 2, (box[2] + box[5]) / 2);
        List<float[]> otherBoxes = ImportPlacement.objectBoxes(without, time);
        Vec3 rested = ImportPlacement.rest(without, time, centre, half, otherBoxes);
        // Standing on something: its bottom within 2 % of its height of the surface under it.
        if (rested == centre || Math.abs(rested.y() - centre.y()) > 0.02 * Math.max(1e-6, 2 * half.y())) return null;
        return new SurfaceSnap(without, time, otherBoxes, half, centre);
    }

    /** {@code moved} (the start translation plus the ground move) lifted or lowered so the model rests on the surface below. */
    Vec3 rest(Vec3 start, Vec3 moved) {
        Vec3 centre = startCentre.plus(moved.minus(start));
        Vec3 rested = ImportPlacement.rest(others, time, centre, half, otherBoxes);
        return new Vec3(moved.x(), moved.y() + (rested.y() - centre.y()), moved.z());
    }
}
