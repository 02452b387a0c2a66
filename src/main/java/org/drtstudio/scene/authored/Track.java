package org.drtstudio.scene.authored;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Keyframes of one animated value, sorted by time with no two keys at the same time.
 *
 * <p>Sampling at a key's time returns that key's value object itself (bit-exact); between two
 * keys it blends them with the first key's {@link Interpolation}; before the first key and after
 * the last it holds their values.
 */
public record Track<T>(List<Key<T>> keys) {
    private static final Track<?> EMPTY = new Track<>(List.of());

    public Track {
        List<Key<T>> sorted = new ArrayList<>(keys);
        sorted.sort(Comparator.comparingDouble(Key::time));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).time() == sorted.get(i - 1).time())
                throw new IllegalArgumentException("two keys at time " + sorted.get(i).time());
        }
        keys = List.copyOf(sorted);
    }

    @SuppressWarnings("unchecked")
    public static <T> Track<T> empty() {
        return (Track<T>) EMPTY;
    }

    @SafeVarargs
    public static <T> Track<T> of(Key<T>... keys) {
        return new Track<>(List.of(keys));
    }

    public boolean isEmpty() {
        return keys.isEmpty();
    }

    /**
     * The value at {@code time} seconds.
     *
     * @throws IllegalStateException when the track has no keys
     */
    public T sample(double time, Blend<T> blend) {
        if (keys.isEmpty()) throw new IllegalStateException("an empty track has no value");
        if (Double.isNaN(time)) throw new IllegalArgumentException("time is NaN");
        int i = search(time);
        if (i >= 0) return keys.get(i).value();
        int next = -i - 1; // first key after time
        if (next == 0) return keys.get(0).value();
        if (next == keys.size()) return keys.get(next - 1).value();
        Key<T> a = keys.get(next - 1), b = keys.get(next);
        double u = (time - a.time()) / (b.time() - a.time());
        return blend.blend(a.value(), b.value(), a.interpolation().shape(u));
    }

    /** The value at {@code time}, or {@code fallback} when the track has no keys. */
    public T sampleOr(double time, Blend<T> blend, T fallback) {
        return keys.isEmpty() ? fallback : sample(time, blend);
    }

    public Optional<Key<T>> keyAt(double time) {
        int i = search(time);
        return i >= 0 ? Optional.of(keys.get(i)) : Optional.empty();
    }

    /** This track with {@code key} added, replacing any key at the same time. */
    public Track<T> withKey(Key<T> key) {
        List<Key<T>> list = new ArrayList<>(keys);
        int i = search(key.time());
        if (i >= 0) list.set(i, key);
        else list.add(-i - 1, key);
        return new Track<>(list);
    }

    /** This track without the key at {@code time}; unchanged when there is none. */
    public Track<T> withoutKey(double time) {
        int i = search(time);
        if (i < 0) return this;
        List<Key<T>> list = new ArrayList<>(keys);
        list.remove(i);
        return new Track<>(list);
    }

    /** Index of the key at exactly {@code time}, else −(insertion point) − 1, as {@code Arrays.binarySearch}. */
    private int search(double time) {
        int lo = 0, hi = keys.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            double t = keys.get(mid).time();
            if (t < time) lo = mid + 1;
            else if (t > time) hi = mid - 1;
            else return mid;
        }
        return -lo - 1;
    }
}
