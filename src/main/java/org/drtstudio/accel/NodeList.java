package org.drtstudio.accel;

import java.util.Arrays;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * The tree under construction: children before flattening, with node indices local to this
 * list. Parallel tasks build separate lists; a parent refers to its children's lists instead of
 * copying them into its own (the copies cost a serial pass over every node below at each
 * parallel level), and {@link HierarchyFlattener} walks them all at once.
 */
final class NodeList {
    /** A child link: the node's index in this list, -1 for none (a leaf), or {@link #subRef} of a child list's root. */
    int[] left, right, start, count;
    int size;
    /** Lists of the subtrees built by parallel tasks, referred to by {@link #subRef}. */
    NodeList[] subs = new NodeList[0];

    /** @param primitives the subtree's primitives: trees have about 0.8 nodes per primitive, so the arrays then do not grow */
    NodeList(int primitives) {
        int cap = Math.max(16, primitives);
        left = new int[cap];
        right = new int[cap];
        start = new int[cap];
        count = new int[cap];
    }

    int add(int s, int c) {
        if (size == left.length) grow(size * 2);
        left[size] = -1;
        right[size] = -1;
        start[size] = s;
        count[size] = c;
        return size++;
    }

    /** Builds {@code node}'s two subtrees as parallel fork/join tasks (from a task) and keeps their lists as its children. */
    void forkChildren(int node, RecursiveTask<NodeList> left, RecursiveTask<NodeList> right) {
        ForkJoinTask.invokeAll(left, right);
        this.left[node] = attach(left.join());
        this.right[node] = attach(right.join());
    }

    /** Adds {@code node}'s children over slots [s, s+lc) and [s+lc, s+lc+rc); returns the left one (the right one is the next index). */
    int addChildren(int node, int s, int lc, int rc) {
        int li = add(s, lc), ri = add(s + lc, rc);
        left[node] = li;
        right[node] = ri;
        return li;
    }

    /** Keeps {@code other} as a child list; returns the link to its root. */
    int attach(NodeList other) {
        subs = Arrays.copyOf(subs, subs.length + 1);
        subs[subs.length - 1] = other;
        return subRef(subs.length - 1);
    }

    /** The link to the root of child list k: -2, -3, … (-1 means no child). */
    static int subRef(int k) {
        return -2 - k;
    }

    /** All nodes of this list and the lists below it. */
    int totalSize() {
        int total = size;
        for (NodeList sub : subs) total += sub.totalSize();
        return total;
    }

    private void grow(int cap) {
        left = Arrays.copyOf(left, cap);
        right = Arrays.copyOf(right, cap);
        start = Arrays.copyOf(start, cap);
        count = Arrays.copyOf(count, cap);
    }
}
