package org.drtstudio.accel;

import java.util.ArrayList;
import java.util.List;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Checks the structural invariants of a packed geometry image: links point forward (so the
 * stackless walk terminates), every child sphere lies inside its parent's, every primitive is
 * referenced by exactly one leaf and lies inside that leaf's sphere. Used by tests and by
 * {@code drt info --check}; returns problems as readable lines instead of throwing at the first.
 */
public final class GeometryImageValidator {
    private static final int MAX_REPORTED = 20;

    private GeometryImageValidator() {
    }

    public static List<String> validate(GeometryImage gi) {
        List<String> problems = new ArrayList<>();
        float[] nodes = gi.nodes(), prims = gi.primitives();
        int n = gi.nodeCount(), primCount = gi.primitiveCount();
        int[] referenced = new int[primCount];
        // parent of each node, found from the links: an inner node's children are i+1 and miss[i+1].
        int[] parent = new int[n];
        java.util.Arrays.fill(parent, -1);
        for (int i = 0; i < n && problems.size() < MAX_REPORTED; i++) {
            int hit = link(nodes, i, 0), miss = link(nodes, i, 1), count = link(nodes, i, 2), start = link(nodes, i, 3);
            if (miss != END && (miss <= i || miss > n)) problems.add("node " + i + ": skip link " + miss + " does not point forward");
            if (count == 0) {
                if (hit != i + 1) problems.add("node " + i + ": inner node's hit link " + hit + " is not " + (i + 1));
                else if (hit < n) {
                    parent[hit] = i;
                    int second = link(nodes, hit, 1);
                    if (second != END && second < n && second != miss) parent[second] = i;
                }
            } else {
                if (hit != miss) problems.add("node " + i + ": leaf's hit link " + hit + " differs from its skip link " + miss);
                if (start < 0 || start + count > primCount) {
                    problems.add("node " + i + ": primitive range " + start + "+" + count + " outside 0.." + primCount);
                    continue;
                }
                for (int p = start; p < start + count; p++) {
                    referenced[p]++;
                    if (!primitiveInside(prims, p, nodes, i)) problems.add("primitive " + p + " sticks out of leaf " + i + "'s sphere");
                }
            }
        }
        for (int i = 1; i < n && problems.size() < MAX_REPORTED; i++) {
            int pa = parent[i];
            if (pa < 0) {
                problems.add("node " + i + " has no parent");
                continue;
            }
            int c = 4 * NODE_TEXELS * i, q = 4 * NODE_TEXELS * pa;
            double d = Math.sqrt(sq(nodes[c] - nodes[q]) + sq(nodes[c + 1] - nodes[q + 1]) + sq(nodes[c + 2] - nodes[q + 2]));
            if (d + nodes[c + 3] > nodes[q + 3] * (1 + 1e-6)) problems.add("node " + i + "'s sphere is not inside its parent " + pa);
        }
        for (int p = 0; p < primCount && problems.size() < MAX_REPORTED; p++) {
            if (referenced[p] != 1) problems.add("primitive " + p + " is referenced by " + referenced[p] + " leaves");
        }
        return problems;
    }

    private static int link(float[] nodes, int node, int component) {
        return Float.floatToRawIntBits(nodes[4 * NODE_TEXELS * node + 4 + component]);
    }

    private static boolean primitiveInside(float[] prims, int p, float[] nodes, int node) {
        int b = 4 * PRIMITIVE_TEXELS * p, s = 4 * NODE_TEXELS * node;
        double cx = nodes[s], cy = nodes[s + 1], cz = nodes[s + 2], r = nodes[s + 3];
        int kind = Float.floatToRawIntBits(prims[b + 3]);
        if (kind == KIND_SPHERE) {
            return Math.sqrt(sq(prims[b] - cx) + sq(prims[b + 1] - cy) + sq(prims[b + 2] - cz)) + prims[b + 4] <= r;
        }
        for (int v = 0; v < 3; v++) {
            double x = prims[b] + (v == 1 ? prims[b + 4] : v == 2 ? prims[b + 8] : 0);
            double y = prims[b + 1] + (v == 1 ? prims[b + 5] : v == 2 ? prims[b + 9] : 0);
            double z = prims[b + 2] + (v == 1 ? prims[b + 6] : v == 2 ? prims[b + 10] : 0);
            if (Math.sqrt(sq(x - cx) + sq(y - cy) + sq(z - cz)) > r) return false;
        }
        return true;
    }

    private static double sq(double v) {
        return v * v;
    }
}
