package org.drtstudio.accel;

/**
 * Karras (2012), "Maximizing Parallelism in the Construction of BVHs, Octrees, and k-d Trees",
 * Figure 4: the children of inner node i of the binary radix tree over sorted keys, found from
 * the keys alone, so every node is made on its own (one GPU invocation each in
 * {@code shaders/lbvh_tree.comp}, the twin of this). Equal keys are told apart by their slots:
 * the common prefix of slots i and j is then 32 plus that of i and j.
 */
final class RadixTree {
    private RadixTree() {
    }

    /**
     * Links of inner node i (0 ≤ i &lt; n - 1, n ≥ 2) of the tree over {@code codes} (sorted): an
     * inner node's index, or a leaf as {@code BoxLayout.leafLink(slot, 1)}.
     */
    static int[] children(int[] codes, int i) {
        int d = Integer.signum(prefix(codes, i, i + 1) - prefix(codes, i, i - 1));
        int minPrefix = prefix(codes, i, i - d);
        int lengthBound = 2;
        while (prefix(codes, i, i + lengthBound * d) > minPrefix) lengthBound *= 2;
        int length = 0;
        for (int t = lengthBound / 2; t >= 1; t /= 2) if (prefix(codes, i, i + (length + t) * d) > minPrefix) length += t;
        int j = i + length * d;
        int nodePrefix = prefix(codes, i, j);
        int split = 0, divisor = 2, t;
        do {
            t = (length + divisor - 1) / divisor;
            if (prefix(codes, i, i + (split + t) * d) > nodePrefix) split += t;
            divisor *= 2;
        } while (t > 1);
        int gamma = i + split * d + Math.min(d, 0);
        int left = Math.min(i, j) == gamma ? BoxLayout.leafLink(gamma, 1) : gamma;
        int right = Math.max(i, j) == gamma + 1 ? BoxLayout.leafLink(gamma + 1, 1) : gamma + 1;
        return new int[]{left, right};
    }

    /** The length of the common prefix of keys i and j (slots break ties); -1 when j is outside. */
    private static int prefix(int[] codes, int i, int j) {
        if (j < 0 || j >= codes.length) return -1;
        return codes[i] == codes[j] ? 32 + Integer.numberOfLeadingZeros(i ^ j) : Integer.numberOfLeadingZeros(codes[i] ^ codes[j]);
    }
}
