package org.drtstudio.accel;

import java.util.function.Supplier;

/**
 * A packed float array that exists already or is packed the first time someone asks, its length
 * known either way. What the box walk, the tracers' default, does not read on the CPU is deferred
 * so: a mesh whose tree a {@link LinearBvhBuilder} made packs its sphere tree (for bunny_18m 1.1 GB
 * and most of a second of the import, docs/BENCHMARKS.md) only for a sphere walk, a check or a
 * layout made from it, and its box layout's primitives only for a CPU walk or a check (the GPU
 * tracer derives its own from the image's primitives and vertices). Safe to share between
 * threads: the array is made once, and whoever asks meanwhile waits for it.
 */
public final class DeferredFloats {
    private volatile float[] array;
    private Supplier<float[]> maker;
    private final long length;

    private DeferredFloats(float[] array, Supplier<float[]> maker, long length) {
        this.array = array;
        this.maker = maker;
        this.length = length;
    }

    /** An array packed already. */
    public static DeferredFloats of(float[] array) {
        if (array == null) throw new IllegalArgumentException("a packed array must not be null");
        return new DeferredFloats(array, null, array.length);
    }

    /** An array of {@code length} floats that {@code maker} packs when first asked for (once; it is let go afterwards). */
    static DeferredFloats deferred(long length, Supplier<float[]> maker) {
        return new DeferredFloats(null, maker, length);
    }

    /** The array, packed now if it was not yet. */
    public float[] get() {
        float[] a = array;
        if (a != null) return a;
        synchronized (this) {
            if (array == null) {
                float[] made = maker.get();
                if (made.length != length) throw new IllegalStateException("packed " + made.length + " floats, promised " + length);
                array = made;
                maker = null;
            }
            return array;
        }
    }

    /** Whether the array exists yet (asking {@link #get} would not pack it). */
    public boolean packed() {
        return array != null;
    }

    /** Its length in floats, packed or not. */
    public long length() {
        return length;
    }
}
