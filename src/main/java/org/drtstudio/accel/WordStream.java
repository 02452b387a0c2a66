package org.drtstudio.accel;

import java.util.Arrays;

/** A growable stream of 32-bit words (floats, integers as float bits), as {@link SpatialLayout} stores them. */
public final class WordStream {
    private float[] words = new float[1024];
    private int size;

    /** Words written so far: the index the next word gets. */
    public int size() {
        return size;
    }

    public void putFloat(float f) {
        ensure(size + 1);
        words[size++] = f;
    }

    public void putInt(int i) {
        putFloat(Float.intBitsToFloat(i));
    }

    public void setInt(int word, int value) {
        words[word] = Float.intBitsToFloat(value);
    }

    /** Pads with zeros to the next texel; returns that texel's index. */
    public int alignToTexel() {
        while (size % SpatialLayout.WORDS_PER_TEXEL != 0) putInt(0);
        return size / SpatialLayout.WORDS_PER_TEXEL;
    }

    /** The words, padded to whole texels. */
    public float[] toArray() {
        alignToTexel();
        return Arrays.copyOf(words, Math.max(size, SpatialLayout.WORDS_PER_TEXEL));
    }

    private void ensure(int n) {
        if (n < 0) throw new IllegalArgumentException("the structure exceeds 2^31 words");
        if (n > words.length) words = Arrays.copyOf(words, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(n, 2L * words.length)));
    }
}
