package org.drtstudio.io.obj;

import java.util.Arrays;

/** Growable int array: the importer keeps hundreds of thousands of indices, too many to box. */
final class IntList {
    private int[] data;
    private int size;

    IntList(int initialCapacity) {
        data = new int[Math.max(4, initialCapacity)];
    }

    void add(int value) {
        if (size == data.length) data = Arrays.copyOf(data, grow(data.length));
        data[size++] = value;
    }

    int get(int i) { return data[i]; }

    void set(int i, int value) { data[i] = value; }

    int size() { return size; }

    int[] toArray() { return Arrays.copyOf(data, size); }

    /** As {@link #toArray()}, but the backing array itself when it is exactly full: only for a list that is not used afterwards. */
    int[] release() { return size == data.length ? data : toArray(); }

    /** The backing array (valid up to {@link #size()}), for reading without a copy. */
    int[] array() { return data; }

    static int grow(int length) {
        int next = length + (length >> 1) + 16;
        if (next < 0 || next > Integer.MAX_VALUE - 16) throw new OutOfMemoryError("model too large for one array");
        return next;
    }
}
