package org.drtstudio.accel;

import org.junit.jupiter.api.Test;

import java.util.BitSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The height limit on a tree with many parts too deep, under different branches of its top: each
 * is rebuilt in its own inner nodes, and the tree keeps every inner node and every slot once, and
 * every leaf the box the tree gave it.
 */
class LinearBvhHeightLimitTest {
    /** A balanced top of 2^TOP_LEVELS subtrees, each a chain of CHAIN inner nodes (taller than the stack). */
    private static final int TOP_LEVELS = 5, CHAIN = 3 * BoxLayout.STACK_SIZE, TRIANGLES = (1 << TOP_LEVELS) * (CHAIN + 1);

    @Test
    void everyChainIsCutToTheStackAndEveryNodeAndSlotIsKept() {
        LinearBvh tall = combOfChains();
        LinearBvhSubtrees kept = new LinearBvhSubtrees(tall);
        LinearBvh limited = LinearBvhHeightLimit.apply(tall, kept, BoxLayout.STACK_SIZE);
        assertEquals(BoxLayout.STACK_SIZE, limited.height(), "the chains are cut to the stack");
        assertEveryInnerNodeAndSlotOnce(limited);
        assertBoxesHold(limited, LinearBvhHeightLimitTest::slotBox);
        LinearBvhSubtrees fresh = new LinearBvhSubtrees(limited);
        assertArrayEquals(fresh.height, kept.height, "the heights the limit kept are the limited tree's");
        for (int node = 0; node < (1 << TOP_LEVELS) - 1; node++) {
            assertEquals(combOfChains().link(node, 0), limited.link(node, 0), "the top, not too deep, is left alone");
        }
    }

    /** Slot s's box in the comb: its triangle's (the order is the identity), unpadded. */
    private static float[] slotBox(int slot) {
        return new float[]{slot, 0, 0, slot + 1, 1, 1};
    }

    /**
     * Every leaf's box, where its parent keeps it, is {@code slotBox}'s for its slot, and every inner
     * child's box is the union of that child's two boxes: what the walk needs of a tree, and what the
     * rebuilt parts must keep (they take their leaves' boxes from the tree, not from the triangles).
     */
    static void assertBoxesHold(LinearBvh bvh, java.util.function.IntFunction<float[]> slotBox) {
        float[] n = bvh.nodes();
        for (int node = 0; node < bvh.innerCount(); node++) {
            int o = 4 * BoxLayout.NODE_TEXELS * node;
            for (int side = 0; side < 2; side++) {
                int lo = o + (side == 0 ? BoxLayout.BoxNodeField.A_LO : BoxLayout.BoxNodeField.B_LO);
                int hi = o + (side == 0 ? BoxLayout.BoxNodeField.A_HI : BoxLayout.BoxNodeField.B_HI);
                int link = bvh.link(node, side);
                float[] want = new float[6];
                if (link < 0) {
                    want = slotBox.apply(~link >>> BoxLayout.LEAF_COUNT_BITS);
                } else {
                    int c = 4 * BoxLayout.NODE_TEXELS * link;
                    for (int k = 0; k < 3; k++) {
                        want[k] = Math.min(n[c + BoxLayout.BoxNodeField.A_LO + k], n[c + BoxLayout.BoxNodeField.B_LO + k]);
                        want[3 + k] = Math.max(n[c + BoxLayout.BoxNodeField.A_HI + k], n[c + BoxLayout.BoxNodeField.B_HI + k]);
                    }
                }
                for (int k = 0; k < 3; k++) {
                    assertEquals(want[k], n[lo + k], "node " + node + " side " + side + ": box low " + k);
                    assertEquals(want[3 + k], n[hi + k], "node " + node + " side " + side + ": box high " + k);
                }
            }
        }
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
        LinearBvh comb = new LinearBvh(order, nodes, inner, TOP_LEVELS + CHAIN);
        fillBoxes(comb, 0);
        return comb;
    }

    /** Writes the boxes under inner node {@code node} bottom-up (slotBox at the leaves); returns its box. */
    private static float[] fillBoxes(LinearBvh bvh, int node) {
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int side = 0; side < 2; side++) {
            int link = bvh.link(node, side);
            float[] child = link < 0 ? slotBox(~link >>> BoxLayout.LEAF_COUNT_BITS) : fillBoxes(bvh, link);
            LinearBvhTwin.put(bvh.nodes(), node, side, child, link);
            for (int k = 0; k < 3; k++) {
                box[k] = Math.min(box[k], child[k]);
                box[3 + k] = Math.max(box[3 + k], child[3 + k]);
            }
        }
        return box;
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
