package org.drtstudio.scene.authored;

/**
 * A keyframe: the value a track takes at {@code time} (seconds), and how it leaves for the next key.
 */
public record Key<T>(double time, T value, Interpolation interpolation) {
    public Key {
        if (!Double.isFinite(time)) throw new IllegalArgumentException("key time must be finite, got " + time);
        if (value == null) throw new IllegalArgumentException("key at time " + time + " has no value");
        if (interpolation == null) throw new IllegalArgumentException("key at time " + time + " has no interpolation");
    }

    public static <T> Key<T> linear(double time, T value) {
        return new Key<>(time, value, Interpolation.LINEAR);
    }

    public static <T> Key<T> eased(double time, T value) {
        return new Key<>(time, value, Interpolation.EASE);
    }
}
