package org.drtstudio.io.obj;

import java.util.Arrays;

/**
 * Open-addressing hash map from three ints to a non-negative int. Vertex deduplication looks up
 * one key per face corner (300k for a 100k-triangle model); a {@code HashMap} with record keys
 * would allocate and box for each of them.
 */
final class IntTripleMap {
    private static final int EMPTY = -1;
    private int[] keys;   // three per slot
    private int[] values; // EMPTY marks a free slot
    private int mask;
    private int size;

    IntTripleMap(int expectedSize) {
        int capacity = Integer.highestOneBit(Math.max(16, expectedSize) * 2 - 1) << 1;
        allocate(capacity);
    }

    /** The value stored for (a, b, c), or -1 when there is none. */
    int get(int a, int b, int c) {
        int slot = hash(a, b, c) & mask;
        while (values[slot] != EMPTY) {
            int k = 3 * slot;
            if (keys[k] == a && keys[k + 1] == b && keys[k + 2] == c) return values[slot];
            slot = (slot + 1) & mask;
        }
        return EMPTY;
    }

    /** Stores {@code value} (≥ 0) for a key that is not present yet. */
    void put(int a, int b, int c, int value) {
        if (value < 0) throw new IllegalArgumentException("values must be ≥ 0");
        if (2 * (size + 1) > values.length) rehash();
        insert(a, b, c, value);
        size++;
    }

    int size() { return size; }

    private void insert(int a, int b, int c, int value) {
        int slot = hash(a, b, c) & mask;
        while (values[slot] != EMPTY) slot = (slot + 1) & mask;
        keys[3 * slot] = a;
        keys[3 * slot + 1] = b;
        keys[3 * slot + 2] = c;
        values[slot] = value;
    }

    private void rehash() {
        int[] oldKeys = keys, oldValues = values;
        allocate(oldValues.length * 2);
        for (int s = 0; s < oldValues.length; s++) {
            if (oldValues[s] != EMPTY) insert(oldKeys[3 * s], oldKeys[3 * s + 1], oldKeys[3 * s + 2], oldValues[s]);
        }
    }

    private void allocate(int capacity) {
        keys = new int[3 * capacity];
        values = new int[capacity];
        Arrays.fill(values, EMPTY);
        mask = capacity - 1;
    }

    private static int hash(int a, int b, int c) {
        int h = a * 0x9E3779B1 + b * 0x85EBCA6B + c * 0xC2B2AE35;
        return h ^ (h >>> 15);
    }
}
