package org.drtstudio.scene.authored;

import java.util.ArrayList;
import java.util.List;

/**
 * A transform node: places its children with an authored {@link Trs}, optionally animated by
 * {@link TransformTracks}. Evaluates to a {@link org.drtstudio.scene.TransformNode}.
 */
public record GroupNode(int id, String name, Trs transform, TransformTracks tracks, List<AuthoredNode> children)
        implements AuthoredNode {
    public GroupNode {
        AuthoredNode.checkIdentity(id, name);
        if (transform == null) throw new IllegalArgumentException("group '" + name + "' has no transform");
        if (tracks == null) tracks = TransformTracks.NONE;
        children = List.copyOf(children);
    }

    /** An unanimated group at the identity transform. */
    public static GroupNode of(int id, String name, List<AuthoredNode> children) {
        return new GroupNode(id, name, Trs.IDENTITY, TransformTracks.NONE, children);
    }

    /** The transform at {@code time}: the authored one with keyed channels replaced. */
    public Trs transformAt(double time) {
        return tracks.apply(transform, time);
    }

    @Override
    public GroupNode withName(String newName) {
        return new GroupNode(id, newName, transform, tracks, children);
    }

    public GroupNode withTransform(Trs newTransform) {
        return new GroupNode(id, name, newTransform, tracks, children);
    }

    public GroupNode withTracks(TransformTracks newTracks) {
        return new GroupNode(id, name, transform, newTracks, children);
    }

    public GroupNode withChildren(List<AuthoredNode> newChildren) {
        return new GroupNode(id, name, transform, tracks, newChildren);
    }

    /** This group with {@code child} inserted at {@code index} (−1 or the child count = at the end). */
    public GroupNode withChildAt(int index, AuthoredNode child) {
        List<AuthoredNode> list = new ArrayList<>(children);
        if (index < 0) index = list.size();
        if (index > list.size())
            throw new IllegalArgumentException("index " + index + " is past the " + list.size() + " children of '" + name + "'");
        list.add(index, child);
        return withChildren(list);
    }
}
