package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.Interpolation;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;

import java.util.Set;

/**
 * Keys position, rotation and scale of group {@code nodeId} at {@code time} with the parts of
 * {@code transform}, as one step (the studio's "Key" button, and moving an animated node, which
 * must change its keys rather than the authored transform its keys override).
 */
public record KeyTransform(int nodeId, double time, Trs transform) implements Edit {
    public KeyTransform {
        if (transform == null) throw new IllegalArgumentException("no transform given");
        if (!Double.isFinite(time)) throw new IllegalArgumentException("key time must be finite, got " + time);
    }

    @Override
    public String label(SceneModel before) {
        return "Key " + Edit.nameOf(before, nodeId) + " at " + time + " s";
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withRoot(Graph.replace(model.root(), nodeId,
                n -> Groups.require(n).withTracks(Groups.require(n).tracks().withKeys(time, transform, Interpolation.LINEAR)))),
                Set.of(Change.ANIMATION, Change.TRANSFORM));
    }
}
