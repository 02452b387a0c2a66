package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.Channel;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;

import java.util.Locale;
import java.util.Set;

/** Removes the key at exactly {@code time} from one channel of group {@code nodeId}. */
public record RemoveNodeKey(int nodeId, Channel channel, double time) implements Edit {
    public RemoveNodeKey {
        if (channel == null) throw new IllegalArgumentException("no channel given");
    }

    @Override
    public String label(SceneModel before) {
        return "Remove " + channel.name().toLowerCase(Locale.ROOT) + " key of " + Edit.nameOf(before, nodeId) + " at " + time + " s";
    }

    @Override
    public Result apply(SceneModel model) {
        return new Result(model.withRoot(Graph.replace(model.root(), nodeId, n -> {
            GroupNode g = Groups.require(n);
            if (g.tracks().track(channel).keyAt(time).isEmpty())
                throw new IllegalArgumentException("'" + g.name() + "' has no " + channel.name().toLowerCase(Locale.ROOT) + " key at time " + time);
            return g.withTracks(g.tracks().withoutKey(channel, time));
        })), Set.of(Change.ANIMATION, Change.TRANSFORM));
    }
}
