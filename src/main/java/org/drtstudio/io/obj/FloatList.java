package org.drtstudio.io.obj;

import java.util.Arrays;

/** Growable float array for vertex data, filled as the parser streams through the file. */
final class FloatList {
    private float[] data;
    private int size;

    FloatList(int initialCapacity) {
        data = new float[Math.max(4, initialCapacity)];
    }

    void add(float value) {
        if (size == data.length) data = Arrays.copyOf(data, IntList.grow(data.length));
        data[size++] = value;
    }

    void add(float a, float b) {
        add(a);
        add(b);
    }

    void add(float a, float b, float c) {
        add(a);
        add(b);
        add(c);
    }

    float get(int i) { return data[i]; }

    int size() { return size; }

    float[] toArray() { return Arrays.copyOf(data, size); }

    /** As {@link #toArray()}, but the backing array itself when it is exactly full: only for a list that is not used afterwards. */
    float[] release() { return size == data.length ? data : toArray(); }

    /** Copies the values to {@code dest} from {@code offset} on. */
    void copyTo(float[] dest, int offset) { System.arraycopy(data, 0, dest, offset, size); }
}
