package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.Channel;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Locale;
import java.util.Set;

/**
 * Sets a key on one channel of group {@code nodeId}, replacing a key at the same time. The value
 * type must suit the channel (Vec3 for position and scale, Quat for rotation).
 */
public record SetNodeKey(int nodeId, Channel channel, Key<?> key) implements Edit {
    public SetNodeKey {
        if (channel == null || key == null) throw new IllegalArgumentException("a key needs a channel and a value");
        channel.check(key);
    }

    @Override
    public String label(SceneModel before) {
        return "Key " + channel.name().toLowerCase(Locale.ROOT) + " of " + Edit.nameOf(before, nodeId) + " at " + key.time() + " s";
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withRoot(Graph.replace(model.root(), nodeId,
                n -> Groups.require(n).withTracks(Groups.require(n).tracks().withKey(channel, key)))),
                Set.of(Change.ANIMATION, Change.TRANSFORM));
    }
}
