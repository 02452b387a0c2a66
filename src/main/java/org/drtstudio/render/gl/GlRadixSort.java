package org.drtstudio.render.gl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A stable least-significant-digit radix sort of (uint key, uint value) pairs on the GPU, two bits
 * a pass: each key's digit as a one-hot uvec4 ({@code lbvh_digits.comp}), an exclusive prefix sum of
 * those over all keys (blocks of {@link #SCAN_BLOCK} in {@code lbvh_scan.comp}, the block totals
 * scanned the same way level by level, added back by {@code lbvh_scan_add.comp}), and a scatter
 * of each pair to its digit's start plus its rank ({@code lbvh_scatter.comp}). Stable, so it
 * orders equal keys as they came, like the CPU's {@code MortonHierarchyBuilder.radixSort}. Runs on
 * the GL thread, inside a task.
 */
final class GlRadixSort {
    /** Entries one work group of lbvh_scan.comp sums (256 invocations, two each). */
    static final int SCAN_BLOCK = 512;
    private static final int DIGIT_BITS = 2;
    private final ComputeProgram digits, scan, scanAdd, scatter;

    GlRadixSort(Map<String, String> defines) {
        digits = ComputeProgram.load("lbvh_digits.comp", defines);
        scan = ComputeProgram.load("lbvh_scan.comp", defines);
        scanAdd = ComputeProgram.load("lbvh_scan_add.comp", defines);
        scatter = ComputeProgram.load("lbvh_scatter.comp", defines);
    }

    /** Where the sorted pairs ended up: one of the two pairs of buffers given. */
    record Sorted(ShaderStorageBuffer keys, ShaderStorageBuffer values) {
    }

    /**
     * Sorts the first {@code n} pairs by the key's low {@code keyBits} bits; the other pair of
     * buffers is working memory.
     */
    Sorted sort(ShaderStorageBuffer keys, ShaderStorageBuffer values, ShaderStorageBuffer keysOut, ShaderStorageBuffer valuesOut,
                int n, int keyBits) throws GpuMemoryException {
        List<ShaderStorageBuffer> levels = scanLevels(n);
        try {
            for (int shift = 0; shift < keyBits; shift += DIGIT_BITS) {
                pass(keys, values, keysOut, valuesOut, levels, n, shift);
                ShaderStorageBuffer k = keys, v = values;
                keys = keysOut;
                values = valuesOut;
                keysOut = k;
                valuesOut = v;
            }
        } finally {
            for (ShaderStorageBuffer b : levels) b.close();
        }
        return new Sorted(keys, values);
    }

    /** One uvec4 per key, then one per block of the level below, down to one: the totals. */
    private static List<ShaderStorageBuffer> scanLevels(int n) throws GpuMemoryException {
        List<ShaderStorageBuffer> levels = new ArrayList<>();
        long count = n;
        levels.add(ShaderStorageBuffer.allocate(16L * count));
        do {
            count = (count + SCAN_BLOCK - 1) / SCAN_BLOCK;
            levels.add(ShaderStorageBuffer.allocate(16L * count));
        } while (count > 1);
        return levels;
    }

    private void pass(ShaderStorageBuffer keys, ShaderStorageBuffer values, ShaderStorageBuffer keysOut, ShaderStorageBuffer valuesOut,
                      List<ShaderStorageBuffer> levels, int n, int shift) {
        keys.bindBase(ShaderBinding.LBVH_KEYS);
        levels.get(0).bindBase(ShaderBinding.LBVH_DIGITS);
        digits.setUInt("uCount", n);
        digits.setUInt("uShift", shift);
        digits.dispatch(GlLinearBvhBuilder.groups(n), 1, 1);
        GlLinearBvhBuilder.barrier();
        long[] counts = new long[levels.size()];
        counts[0] = n;
        for (int k = 0; k + 1 < levels.size(); k++) {
            counts[k + 1] = (counts[k] + SCAN_BLOCK - 1) / SCAN_BLOCK;
            levels.get(k).bindBase(ShaderBinding.LBVH_DIGITS);
            levels.get(k + 1).bindBase(ShaderBinding.LBVH_SCAN_SUMS);
            scan.setUInt("uCount", (int) counts[k]);
            scan.dispatch(Math.toIntExact(counts[k + 1]), 1, 1);
            GlLinearBvhBuilder.barrier();
        }
        for (int k = levels.size() - 3; k >= 0; k--) {
            levels.get(k).bindBase(ShaderBinding.LBVH_DIGITS);
            levels.get(k + 1).bindBase(ShaderBinding.LBVH_SCAN_SUMS);
            scanAdd.setUInt("uCount", (int) counts[k]);
            scanAdd.dispatch(GlLinearBvhBuilder.groups(counts[k]), 1, 1);
            GlLinearBvhBuilder.barrier();
        }
        keys.bindBase(ShaderBinding.LBVH_KEYS);
        values.bindBase(ShaderBinding.LBVH_VALUES);
        keysOut.bindBase(ShaderBinding.LBVH_KEYS_OUT);
        valuesOut.bindBase(ShaderBinding.LBVH_VALUES_OUT);
        levels.get(0).bindBase(ShaderBinding.LBVH_DIGITS);
        levels.get(levels.size() - 1).bindBase(ShaderBinding.LBVH_DIGIT_TOTALS);
        scatter.setUInt("uCount", n);
        scatter.setUInt("uShift", shift);
        scatter.dispatch(GlLinearBvhBuilder.groups(n), 1, 1);
        GlLinearBvhBuilder.barrier();
    }
}
