package org.drtstudio.io.gltf;

import de.javagl.jgltf.model.NodeModel;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Track;
import org.drtstudio.scene.authored.TransformTracks;
import org.drtstudio.scene.authored.Trs;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An animated glTF scene as the studio's authored model ({@link SceneModel}): each transform node
 * a {@link GroupNode} whose translation, rotation and scale are the node's, with the node's
 * keyframe tracks ({@link GltfAnimations}); each mesh a {@link MeshLeaf}. Frames run at 24 per
 * second up to the last key. The model at any time is what glTF viewers show then; between keys,
 * as they interpolate (linear, rotations slerped).
 *
 * <p>A keyframed node's transform is translation, rotation and positive scale. A node whose
 * matrix is none (a mirror, a shear) cannot take one: then the file is read without its
 * animations ({@link CannotAnimate}, said as a warning).
 */
final class GltfAuthoredModel {
    /** Frames per second of an imported animation. */
    static final double FPS = 24;

    /** The scene has a transform a keyframed node cannot hold. */
    static final class CannotAnimate extends Exception {
        CannotAnimate(String message) {
            super(message);
        }
    }

    private final Map<TransformNode, NodeModel> nodeOf;
    private final GltfAnimations animations;
    private int nextId;

    private GltfAuthoredModel(Map<TransformNode, NodeModel> nodeOf, GltfAnimations animations) {
        this.nodeOf = nodeOf;
        this.animations = animations;
    }

    /**
     * @param scene  the scene at rest, as {@link GltfSceneBuilder} made it
     * @param nodeOf the glTF node each of its transform nodes came from (by identity)
     */
    static SceneModel of(Scene scene, Map<TransformNode, NodeModel> nodeOf, GltfAnimations animations) throws CannotAnimate {
        GltfAuthoredModel m = new GltfAuthoredModel(nodeOf, animations);
        GroupNode root = m.group(scene.root());
        int lastFrame = (int) Math.min(1_000_000, Math.ceil(animations.end() * FPS));
        return new SceneModel(scene.name(), root, scene.materials(), scene.lights(), scene.camera(), Track.empty(), scene.settings(),
                new AnimationSettings(FPS, 0, lastFrame, AnimationSettings.DEFAULT.shutterOpen(), AnimationSettings.DEFAULT.shutterClose()));
    }

    private GroupNode group(TransformNode node) throws CannotAnimate {
        int id = nextId++;
        List<AuthoredNode> children = new ArrayList<>();
        for (SceneNode child : node.children()) {
            if (child instanceof TransformNode t) children.add(group(t));
            else if (child instanceof MeshNode mesh) children.add(new MeshLeaf(nextId++, mesh.name(), mesh.mesh()));
        }
        NodeModel source = nodeOf.get(node);
        TransformTracks tracks = source == null ? TransformTracks.NONE : animations.of(source);
        return new GroupNode(id, node.name(), trs(node.transform(), node.name()), tracks, children);
    }

    /** The matrix as translation, rotation and positive scale, checked to give the matrix back. */
    static Trs trs(Matrix4fc m, String node) throws CannotAnimate {
        if (m.determinant() <= 0) throw new CannotAnimate("node '" + node + "' is mirrored");
        Vector3f t = m.getTranslation(new Vector3f()), s = m.getScale(new Vector3f());
        // The rotation from the columns divided by their lengths: JOML's getNormalizedRotation is a few
        // tenths of a degree off for a matrix whose axes are scaled unequally (measured: 44.7° for 45°).
        Matrix3f axes = new Matrix3f(m.m00() / s.x, m.m01() / s.x, m.m02() / s.x, m.m10() / s.y, m.m11() / s.y, m.m12() / s.y,
                m.m20() / s.z, m.m21() / s.z, m.m22() / s.z);
        Quaternionf q = new Quaternionf().setFromNormalized(axes);
        Trs trs;
        try {
            trs = new Trs(new Vec3(t.x, t.y, t.z), Quat.of(q), new Vec3(s.x, s.y, s.z), Vec3.ZERO);
        } catch (IllegalArgumentException e) {
            throw new CannotAnimate("node '" + node + "': " + e.getMessage());
        }
        Matrix4f back = trs.toMatrix();
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                float a = m.get(c, r), b = back.get(c, r);
                if (Math.abs(a - b) > 1e-4f * Math.max(1f, Math.abs(a))) throw new CannotAnimate("node '" + node + "' is sheared");
            }
        }
        return trs;
    }
}
