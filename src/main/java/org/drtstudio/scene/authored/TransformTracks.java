package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;

/**
 * The keyframes of one transform node. A channel with keys overrides the matching part of the
 * node's authored {@link Trs}; a channel without keys leaves it as authored.
 */
public record TransformTracks(Track<Vec3> position, Track<Quat> rotation, Track<Vec3> scale) {
    public static final TransformTracks NONE = new TransformTracks(Track.empty(), Track.empty(), Track.empty());

    public TransformTracks {
        if (position == null || rotation == null || scale == null) throw new IllegalArgumentException("missing track");
        for (Key<Vec3> k : position.keys()) Channel.POSITION.check(k);
        for (Key<Vec3> k : scale.keys()) Channel.SCALE.check(k);
    }

    public boolean isEmpty() {
        return position.isEmpty() && rotation.isEmpty() && scale.isEmpty();
    }

    /** The authored transform with each keyed channel replaced by its value at {@code time}. */
    public Trs apply(Trs authored, double time) {
        if (isEmpty()) return authored;
        return new Trs(position.sampleOr(time, Blend.VEC3, authored.translation()),
                rotation.sampleOr(time, Blend.QUAT, authored.rotation()),
                scale.sampleOr(time, Blend.VEC3, authored.scale()), authored.pivot());
    }

    public Track<?> track(Channel channel) {
        return switch (channel) {
            case POSITION -> position;
            case ROTATION -> rotation;
            case SCALE -> scale;
        };
    }

    /** These tracks with {@code key} set on {@code channel} (replacing a key at the same time). */
    @SuppressWarnings("unchecked")
    public TransformTracks withKey(Channel channel, Key<?> key) {
        channel.check(key);
        return switch (channel) {
            case POSITION -> new TransformTracks(position.withKey((Key<Vec3>) key), rotation, scale);
            case ROTATION -> new TransformTracks(position, rotation.withKey((Key<Quat>) key), scale);
            case SCALE -> new TransformTracks(position, rotation, scale.withKey((Key<Vec3>) key));
        };
    }

    public TransformTracks withoutKey(Channel channel, double time) {
        return switch (channel) {
            case POSITION -> new TransformTracks(position.withoutKey(time), rotation, scale);
            case ROTATION -> new TransformTracks(position, rotation.withoutKey(time), scale);
            case SCALE -> new TransformTracks(position, rotation, scale.withoutKey(time));
        };
    }

    /** Keys all three channels with the parts of {@code trs} at {@code time}. */
    public TransformTracks withKeys(double time, Trs trs, Interpolation interpolation) {
        return withKey(Channel.POSITION, new Key<>(time, trs.translation(), interpolation))
                .withKey(Channel.ROTATION, new Key<>(time, trs.rotation(), interpolation))
                .withKey(Channel.SCALE, new Key<>(time, trs.scale(), interpolation));
    }
}
