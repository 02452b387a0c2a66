package org.drtstudio.accel;

import java.util.Arrays;

/** Growable float array without boxing, for building packed geometry. */
final class FloatList {
    private float[] data = new float[1024];
    private int size;

    void add(float v) {
        if (size == data.length) data = Arrays.copyOf(data, data.length * 2);
        data[size++] = v;
    }

    void add(float a, float b, float c) {
        add(a);
        add(b);
        add(c);
    }

    float[] toArray() { return Arrays.copyOf(data, size); }
}
