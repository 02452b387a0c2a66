package org.drtstudio.scene.edit;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Ungroup: replaces group {@code groupId} by its children, in its place under its parent, so that
 * nothing moves on screen. A group at the identity transform simply dissolves. Otherwise its
 * transform is folded into each child group's; this is refused, with a reason, where it cannot be
 * kept exactly: when the group or a child is animated (keys cannot be merged), when a child is a
 * bare mesh, sphere or model leaf (it has no transform of its own), or when a non-uniform scale
 * under a rotation would need a shear.
 */
public record Ungroup(int groupId) implements Edit {
    /** Largest difference (relative to the matrix's size) accepted between the composed and the rebuilt transform. */
    private static final float TOLERANCE = 1e-4f;

    @Override
    public String label(SceneModel before) {
        return "Ungroup '" + before.node(groupId).map(AuthoredNode::name).orElse("?") + "'";
    }

    @Override
    public Result apply(SceneModel model) {
        if (groupId == model.root().id()) throw new IllegalArgumentException("the root cannot be ungrouped");
        GroupNode group = Groups.require(model.node(groupId).orElseThrow(() -> Graph.unknown(groupId)));
        GroupNode parent = model.parentOf(groupId).orElseThrow(() -> Graph.unknown(groupId));
        if (!group.tracks().isEmpty())
            throw new IllegalArgumentException("'" + group.name() + "' is animated; delete its keys before ungrouping");
        List<AuthoredNode> lifted = new ArrayList<>();
        boolean identity = group.transform().equals(Trs.IDENTITY);
        for (AuthoredNode child : group.children()) lifted.add(identity ? child : fold(group, child));
        int index = parent.children().indexOf(group);
        GroupNode root = Graph.replace(model.root(), parent.id(), p -> {
            List<AuthoredNode> kids = new ArrayList<>(((GroupNode) p).children());
            kids.remove(index);
            kids.addAll(index, lifted);
            return ((GroupNode) p).withChildren(kids);
        });
        return new Result(model.withRoot(root), Set.of(Change.TRANSFORM));
    }

    private static GroupNode fold(GroupNode group, AuthoredNode child) {
        if (!(child instanceof GroupNode g))
            throw new IllegalArgumentException("'" + group.name() + "' moves '" + child.name() + "', which has no transform of its own; "
                    + "group it first (Ctrl+G) or reset the transform of '" + group.name() + "'");
        if (!g.tracks().isEmpty())
            throw new IllegalArgumentException("'" + g.name() + "' is animated; its keys cannot take in the transform of '" + group.name() + "'");
        Matrix4f m = group.transform().toMatrix().mul(g.transform().toMatrix());
        Trs folded = decompose(m, g.transform().pivot());
        if (!close(folded.toMatrix(), m))
            throw new IllegalArgumentException("'" + group.name() + "' scales unevenly under a rotation; '" + g.name()
                    + "' cannot keep that shape without a shear");
        return g.withTransform(folded);
    }

    /** The Trs with pivot {@code pivot} nearest to {@code m} (exact when m has no shear). */
    static Trs decompose(Matrix4f m, Vec3 pivot) {
        Vector3f s = m.getScale(new Vector3f());
        Quaternionf r = m.getNormalizedRotation(new Quaternionf());
        // M = T(t) T(p) R S T(-p): the translation column is t + p - R S p.
        Vector3f rsp = new Vector3f(pivot.x() * s.x, pivot.y() * s.y, pivot.z() * s.z).rotate(r);
        Vector3f col = m.getTranslation(new Vector3f());
        Vec3 t = new Vec3(col.x - pivot.x() + rsp.x, col.y - pivot.y() + rsp.y, col.z - pivot.z() + rsp.z);
        return new Trs(t, Quat.of(r), new Vec3(s.x, s.y, s.z), pivot);
    }

    private static boolean close(Matrix4f a, Matrix4f b) {
        float size = 1;
        for (int c = 0; c < 4; c++) for (int r = 0; r < 3; r++) size = Math.max(size, Math.abs(b.get(c, r)));
        for (int c = 0; c < 4; c++) for (int r = 0; r < 3; r++) if (Math.abs(a.get(c, r) - b.get(c, r)) > TOLERANCE * size) return false;
        return true;
    }
}
