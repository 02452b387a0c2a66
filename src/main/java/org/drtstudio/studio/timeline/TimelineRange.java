package org.drtstudio.studio.timeline;

import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.Channel;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.SceneModel;

import java.util.NavigableSet;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * The timeline's range and keys, free of JavaFX: how long the animation is (its frame range, but
 * never shorter than its last key, so every key can be reached and exported), the default range of
 * an animation export, and the key times the previous/next-key buttons step through.
 */
public final class TimelineRange {
    /** The length of a new scene's animation, and of a project whose range is the single frame 0. */
    static final double DEFAULT_SECONDS = 5;

    private TimelineRange() {
    }

    /**
     * A new or opened scene whose range is a single frame (every static scene file, older projects)
     * gets the range the timeline shows — {@link #DEFAULT_SECONDS}, or up to its last key — so the
     * export's default and a saved project's {@code endFrame} cover the animation.
     */
    public static SceneModel withTimelineRange(SceneModel m) {
        AnimationSettings a = m.animation();
        if (a.endFrame() > a.startFrame()) return m;
        return m.withAnimation(a.withFrames(a.startFrame(), Math.max(a.startFrame() + 1, lastFrame(m))));
    }

    /** Where the timeline ends, in seconds. */
    static double endSeconds(SceneModel m) {
        AnimationSettings a = m.animation();
        double end = a.endFrame() > a.startFrame() ? a.frameTime(a.endFrame()) : DEFAULT_SECONDS;
        TreeSet<Double> keys = allKeyTimes(m);
        return keys.isEmpty() ? end : Math.max(end, keys.last());
    }

    /** The last frame an animation export covers by default: the whole timeline. */
    public static int lastFrame(SceneModel m) {
        return Math.max(m.animation().startFrame(), (int) Math.ceil(endSeconds(m) * m.animation().fps() - 1e-9));
    }

    /** The key times shown on the track: the selected group's keys and the camera's. */
    public static NavigableSet<Double> keyTimes(SceneModel m, int selected) {
        TreeSet<Double> times = new TreeSet<>();
        if (selected >= 0 && m.node(selected).orElse(null) instanceof GroupNode g) addKeys(g, times);
        for (Key<?> k : m.cameraTrack().keys()) times.add(k.time());
        return times;
    }

    private static TreeSet<Double> allKeyTimes(SceneModel m) {
        TreeSet<Double> times = new TreeSet<>();
        m.nodes().forEach(n -> {
            if (n instanceof GroupNode g) addKeys(g, times);
        });
        for (Key<?> k : m.cameraTrack().keys()) times.add(k.time());
        return times;
    }

    private static void addKeys(GroupNode g, TreeSet<Double> times) {
        for (Channel c : Channel.values()) for (Key<?> k : g.tracks().track(c).keys()) times.add(k.time());
    }

    /** The latest key before {@code time} (by more than a microsecond), if any. */
    static OptionalDouble previous(NavigableSet<Double> keys, double time) {
        Double k = keys.lower(time - 1e-6);
        return k == null ? OptionalDouble.empty() : OptionalDouble.of(k);
    }

    /** The earliest key after {@code time} (by more than a microsecond), if any. */
    static OptionalDouble next(NavigableSet<Double> keys, double time) {
        Double k = keys.higher(time + 1e-6);
        return k == null ? OptionalDouble.empty() : OptionalDouble.of(k);
    }
}
