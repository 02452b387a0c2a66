package org.drtstudio.accel;

import org.junit.jupiter.api.Test;

import java.util.BitSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The height limit on a tree with many parts too deep, under different branches of its top: each
 * is rebuilt in its own inner nodes, and the tree keeps every inner node and every slot once.
 */
class LinearBvhHeightLimitTest {
    /** A balanced top of 2^TOP_LEVELS subtrees, each a chain of CHAIN inner nodes (taller than the stack). */
    private static final int TOP_LEVELS = 5, CHAIN = 3 * BoxLayout.STACK_SIZE, TRIANGLES = (1 << TOP_LEVELS) * (CHAIN + 1);

    @Test
    void everyChainIsCutToTheStackAndEveryNodeAndSlotIsKept() {
        float[] positions = positions();
        int[] indices = new int[3 * TRIANGLES];
        for (int k = 0; k < indices.length; k++) indices[k] = k;
        LinearBvh tall = combOfChains();
        LinearBvhSubtrees kept = new LinearBvhSubtrees(tall);
        LinearBvh limited = LinearBvhHeightLimit.apply(tall, kept, positions, indices, BoxLayout.STACK_SIZE);
        assertEquals(BoxLayout.STACK_SIZE, limited.height(), "the chains are cut to the stack");
        assertEveryInnerNodeAndSlotOnce(limited);
        LinearBvhSubtrees fresh = new LinearBvhSubtrees(limited);
        assertArrayEquals(fresh.height, kept.height, "the heights the limit kept are the limited tree's");
        for (int node = 0; node < (1 << TOP_LEVELS) - 1; node++) {
            assertEquals(combOfChains().link(node, 0), limited.link(node, 0), "the top, not too deep, is left alone");
        }
    }

    /** Triangle t one unit wide at x = t, so that every rebuilt box is its own. */
    private static float[] positions() {
        float[] p = new float[9 * TRIANGLES];
        for (int t = 0; t < TRIANGLES; t++) {
            float[] v = {t, 0, 0, t + 1, 0, 0, t, 1, 1};
            System.arraycopy(v, 0, p, 9 * t, 9);
        }
        return p;
    }

    /**
     * Inner nodes 0 .. 2^TOP_LEVELS - 2 form the balanced top (node i's children 2i + 1 and 2i + 2);
     * below each of its lowest nodes' children hangs a chain whose nodes each hold one slot and the next.
     */
    private static LinearBvh combOfChains() {
        int chains = 1 << TOP_LEVELS, top = chains - 1, inner = TRIANGLES - 1;
        float[] nodes = new float[4 * BoxLayout.NODE_TEXELS * inner];
        float[] box = {0, 0, 0, 1, 1, 1};
        for (int i = 0; i < top; i++) {
            for (int side = 0; side < 2; side++) {
                int child = 2 * i + 1 + side;
                int link = child < top ? child : top + (child - top) * CHAIN; // a chain's first node
                LinearBvhTwin.put(nodes, i, side, box, link);
            }
        }
        for (int c = 0; c < chains; c++) {
            int first = top + c * CHAIN, slot = c * (CHAIN + 1);
            for (int k = 0; k < CHAIN; k++) {
                int node = first + k;
                LinearBvhTwin.put(nodes, node, 0, box, BoxLayout.leafLink(slot + k, 1));
                LinearBvhTwin.put(nodes, node, 1, box, k + 1 < CHAIN ? node + 1 : BoxLayout.leafLink(slot + k + 1, 1));
            }
        }
        int[] order = new int[TRIANGLES];
        for (int t = 0; t < TRIANGLES; t++) order[t] = t;
        return new LinearBvh(order, nodes, inner, TOP_LEVELS + CHAIN);
    }

    private static void assertEveryInnerNodeAndSlotOnce(LinearBvh bvh) {
        BitSet nodes = new BitSet(), slots = new BitSet();
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>(java.util.List.of(0));
        while (!todo.isEmpty()) {
            int node = todo.pop();
            assertFalse(nodes.get(node), "inner node " + node + " reached twice");
            nodes.set(node);
            for (int side = 0; side < 2; side++) {
                int link = bvh.link(node, side);
                if (link >= 0) todo.push(link);
                else {
                    int slot = ~link >>> BoxLayout.LEAF_COUNT_BITS;
                    assertFalse(slots.get(slot), "slot " + slot + " reached twice");
                    slots.set(slot);
                }
            }
        }
        assertEquals(bvh.innerCount(), nodes.cardinality(), "inner nodes reached");
        assertEquals(TRIANGLES, slots.cardinality(), "slots reached");
    }
}
