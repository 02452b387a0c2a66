package org.drtstudio.accel;

import java.util.Arrays;

/** Growable int array without boxing. */
final class IntList {
    private int[] data = new int[256];
    private int size;

    void add(int v) {
        if (size == data.length) data = Arrays.copyOf(data, data.length * 2);
        data[size++] = v;
    }

    int size() { return size; }
    int get(int i) { return data[i]; }
    void set(int i, int v) { data[i] = v; }
    int[] toArray() { return Arrays.copyOf(data, size); }
}
