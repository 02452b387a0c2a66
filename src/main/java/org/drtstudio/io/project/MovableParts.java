package org.drtstudio.io.project;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Trs;

import java.util.ArrayList;
import java.util.List;

/**
 * Makes an opened scene file editable like an imported model: every model leaf directly under the
 * root becomes one transform group per top-level part of its file (the NFF reader's sphere group
 * and polygon mesh, an OBJ's meshes), each holding a {@link ModelLeaf} of that part. Only a leaf
 * under a group can be moved, animated or duplicated as a unit, and without this an opened file
 * was one bare leaf. The rendered scene is unchanged: each part keeps the file root's transform
 * and the shared material offset.
 *
 * <p>A sphere group part (an NFF file's spheres are one node) is split further: each sphere gets a
 * group of its own at its centre, holding it as a {@link SpheresLeaf}, since a user sees balls, not
 * the reader's grouping. Clicking one ball of the shipped scene selected all four, with the gizmo on
 * the middle one (issue 39, item 12; Blender selects objects). Spheres are a few numbers each, so
 * they are kept in the project itself; a file of many spheres (an SPD scene) stays one part.
 */
public final class MovableParts {
    /** Files with more top-level parts than this stay one group (hundreds of rows help nobody). */
    public static final int MAX_PARTS = 64;

    private MovableParts() {
    }

    public static SceneModel wrap(SceneModel model) {
        int nextId = model.nextId();
        List<AuthoredNode> children = new ArrayList<>();
        boolean changed = false;
        for (AuthoredNode c : model.root().children()) {
            if (!(c instanceof ModelLeaf leaf) || leaf.asset().partIndex() >= 0) {
                children.add(c);
                continue;
            }
            changed = true;
            ModelAsset whole = leaf.asset();
            int parts = whole.partCount();
            boolean splitSpheres = whole.root().transform().equals(new org.joml.Matrix4f(), 0f) && piecesWithSpheresSplit(whole) <= MAX_PARTS
                    && piecesWithSpheresSplit(whole) > parts;
            if (!splitSpheres && (parts <= 1 || parts > MAX_PARTS)) {
                children.add(GroupNode.of(nextId++, leaf.name(), List.of(leaf)));
                continue;
            }
            for (int i = 0; i < parts; i++) {
                ModelAsset part = whole.part(i);
                String name = part.root().name() == null || part.root().name().isBlank() ? leaf.name() + " " + (i + 1) : part.root().name();
                if (splitSpheres && whole.root().children().get(i) instanceof SphereNode s && s.spheres().size() > 1) {
                    for (int k = 0; k < s.spheres().size(); k++) {
                        int groupId = nextId++;
                        children.add(ownGroup(groupId, nextId++, "sphere " + (k + 1), s.spheres().get(k), leaf.materialOffset()));
                    }
                    continue;
                }
                int groupId = nextId++;
                children.add(GroupNode.of(groupId, name, List.of(new ModelLeaf(nextId++, name, part, leaf.materialOffset()))));
            }
        }
        return changed ? model.withRoot(model.root().withChildren(children)) : model;
    }

    /** How many groups the file's top-level parts make when every sphere group gives a group per sphere. */
    private static int piecesWithSpheresSplit(ModelAsset whole) {
        int pieces = 0;
        for (var c : whole.root().children()) pieces += c instanceof SphereNode s ? Math.max(1, s.spheres().size()) : 1;
        return pieces;
    }

    /**
     * One sphere as a group at its centre holding the sphere at the group's origin: the gizmo and the
     * Transform fields then show the ball's own position, and rotation and scale act about its centre.
     * Material indices of a {@link SpheresLeaf} are the project's, so the file's offset is added.
     */
    private static GroupNode ownGroup(int groupId, int leafId, String name, Sphere sphere, int materialOffset) {
        Sphere atOrigin = new Sphere(Vec3.ZERO, sphere.radius(), sphere.material() + materialOffset);
        return GroupNode.of(groupId, name, List.of(new SpheresLeaf(leafId, name, List.of(atOrigin)))).withTransform(Trs.translation(sphere.center()));
    }
}
