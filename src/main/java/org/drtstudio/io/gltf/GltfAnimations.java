package org.drtstudio.io.gltf;

import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.AnimationModel;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.NodeModel;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.Track;
import org.drtstudio.scene.authored.TransformTracks;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A glTF file's node animations as keyframe tracks ({@link TransformTracks}): each channel that
 * animates a node's translation, rotation or scale becomes that node's track, its sampler's times
 * (seconds) the keys' times. All the file's animations play together from time 0, as glTF viewers
 * play them by default.
 *
 * <ul>
 *   <li>LINEAR: linear keys (rotations are slerped, as glTF asks).</li>
 *   <li>STEP: each value held until just before the next key ({@link #STEP_HOLD} earlier), then
 *       the jump: the tracks have no step keys of their own.</li>
 *   <li>CUBICSPLINE: the keys' values, linear between them (the tangents are not read; a warning
 *       says so).</li>
 *   <li>Not read: morph target weights, and keys the tracks refuse (a scale of 0 or below,
 *       times that are not finite or not increasing): such a channel is dropped with a warning;
 *       so are channels past the file's budget of elements ({@link #MIN_ELEMENT_BUDGET}).</li>
 * </ul>
 */
final class GltfAnimations {
    /** How long before the next key a STEP value is held, in seconds. */
    static final double STEP_HOLD = 1e-6;
    /**
     * The least number of key times and values all channels together may read; a file may read as many as its buffers
     * hold bytes. Channels that share accessors without a view (zeros, within the layout check's bound) would
     * otherwise let a file of a kilobyte box millions of keys per channel (eight channels over a million keys: 22.7 s
     * and 3.9 GB on two cores; 2.9 s and 0.17 GB with the budget).
     */
    static final long MIN_ELEMENT_BUDGET = 1L << 20;

    private final Map<NodeModel, TransformTracks> tracks = new IdentityHashMap<>();
    private final GltfAccessors accessors;
    private long budget;
    private double end;

    /** {@code dataBytes}: the file's buffers' bytes, from which the budget of elements read comes. */
    GltfAnimations(GltfModel model, GltfAccessors accessors, long dataBytes, WarningLog warnings) {
        this.accessors = accessors;
        this.budget = Math.max(MIN_ELEMENT_BUDGET, dataBytes);
        int index = 0;
        for (AnimationModel animation : model.getAnimationModels()) {
            String name = animation.getName() != null ? animation.getName() : "animation " + index;
            index++;
            for (AnimationModel.Channel channel : animation.getChannels()) {
                String path = channel.getPath();
                NodeModel node = channel.getNodeModel();
                if (node == null || channel.getSampler() == null) continue;
                if (!List.of("translation", "rotation", "scale").contains(path)) {
                    warnings.add("weights", 0, "animation " + Excerpt.quote(name) + ": " + Excerpt.quote(String.valueOf(path))
                            + " channels are not read");
                    continue;
                }
                long elements = count(channel.getSampler().getInput()) + count(channel.getSampler().getOutput());
                if (elements > budget) {
                    warnings.add("budget", 0, "animation " + Excerpt.quote(name) + ": a " + path + " channel is dropped (its "
                            + elements + " key times and values are more than the file's data can hold)");
                    continue;
                }
                budget -= elements;
                try {
                    add(node, path, channel.getSampler(), name, warnings);
                } catch (IllegalArgumentException e) {
                    warnings.add("keys", 0, "animation " + Excerpt.quote(name) + ": a " + path + " channel is dropped ("
                            + Excerpt.sanitize(e.getMessage(), 120) + ")");
                }
            }
        }
    }

    private static long count(AccessorModel accessor) {
        return accessor == null ? 0 : accessor.getCount();
    }

    boolean isEmpty() {
        return tracks.isEmpty();
    }

    /** The node's tracks, or {@link TransformTracks#NONE}. */
    TransformTracks of(NodeModel node) {
        return tracks.getOrDefault(node, TransformTracks.NONE);
    }

    /** The time of the last key, in seconds. */
    double end() {
        return end;
    }

    private void add(NodeModel node, String path, AnimationModel.Sampler sampler, String animation, WarningLog warnings) {
        AccessorModel input = sampler.getInput(), output = sampler.getOutput();
        if (input == null || output == null) return;
        float[] times = accessors.floats(input, 1);
        int width = path.equals("rotation") ? 4 : 3;
        float[] values = accessors.floats(output, width);
        AnimationModel.Interpolation interpolation = sampler.getInterpolation();
        boolean cubic = interpolation == AnimationModel.Interpolation.CUBICSPLINE;
        if (cubic) warnings.add("cubic", 0, "animation " + Excerpt.quote(animation) + ": cubic spline keys are read as linear between their values");
        int n = times.length;
        if (values.length / width < (cubic ? 3 * n : n)) throw new IllegalArgumentException("fewer values than key times");
        List<Double> keyTimes = new ArrayList<>();
        List<float[]> keyValues = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int at = (cubic ? 3 * k + 1 : k) * width;
            float[] v = java.util.Arrays.copyOfRange(values, at, at + width);
            if (interpolation == AnimationModel.Interpolation.STEP && k > 0) {
                keyTimes.add(times[k] - STEP_HOLD);
                keyValues.add(keyValues.get(keyValues.size() - 1));
            }
            keyTimes.add((double) times[k]);
            keyValues.add(v);
        }
        List<Key<Vec3>> vectors = new ArrayList<>();
        List<Key<Quat>> rotations = new ArrayList<>();
        for (int k = 0; k < keyTimes.size(); k++) {
            double t = keyTimes.get(k);
            if (!(t >= 0) || !Double.isFinite(t)) throw new IllegalArgumentException("a key time is not a finite time from 0");
            float[] v = keyValues.get(k);
            if (width == 4) rotations.add(Key.linear(t, new Quat(v[0], v[1], v[2], v[3])));
            else vectors.add(Key.linear(t, new Vec3(v[0], v[1], v[2])));
            end = Math.max(end, t);
        }
        TransformTracks current = tracks.getOrDefault(node, TransformTracks.NONE);
        TransformTracks next = switch (path) {
            case "translation" -> new TransformTracks(new Track<>(vectors), current.rotation(), current.scale());
            case "rotation" -> new TransformTracks(current.position(), new Track<>(rotations), current.scale());
            default -> new TransformTracks(current.position(), current.rotation(), new Track<>(vectors));
        };
        tracks.put(node, next);
    }
}
