package org.drtstudio.io.vox;

import org.drtstudio.io.vox.VoxBytes.VoxProblem;
import org.joml.Matrix4f;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The scene graph chunks of a .vox file (nTRN transform, nGRP group, nSHP shape) and the model
 * placements they make. A transform is MagicaVoxel's: translation {@code _t} ("x y z") and a
 * rotation {@code _r} packed in a byte (bits 0–1: the column of row 0's non-zero entry, bits 2–3:
 * row 1's, bits 4, 5, 6: the signs of rows 0, 1, 2). A shape's model sits with its centre voxel
 * corner {@code (sx/2, sy/2, sz/2)} (integer halves) at the node's origin. All in MagicaVoxel's
 * z-up coordinates; the reader turns them to y-up.
 */
final class VoxSceneGraph {
    /** Deeper graphs or more placed shapes than these are refused: real files stay far below. */
    static final int MAX_DEPTH = 64, MAX_PLACEMENTS = 1 << 16;
    /**
     * Nodes visited at most. A group may name one child many times, so a graph of a few nodes can
     * be a path to 2^64 leaves; the placement bound counts only shapes that place a model, and a
     * graph of empty leaves was walked without end. A real file visits each node once or a few times.
     */
    static final int MAX_VISITS = 1 << 20;

    private sealed interface Node permits Transform, Group, Shape {
    }

    private record Transform(int child, Matrix4f matrix) implements Node {
    }

    private record Group(int[] children) implements Node {
    }

    private record Shape(int[] models) implements Node {
    }

    /** A model placed by the graph: MagicaVoxel-space matrix (before the model's own centring). */
    record Placement(int model, Matrix4f matrix) {
    }

    private final Map<Integer, Node> nodes = new HashMap<>();
    /** Nodes visited by the walk of {@link #placements}, against {@link #MAX_VISITS}. */
    private int visits;

    boolean isEmpty() {
        return nodes.isEmpty();
    }

    void readTransform(VoxBytes in) throws VoxProblem {
        int id = nodeId(in);
        in.dict("node attributes");
        int child = in.int32("child node id");
        in.int32("reserved id");
        in.int32("layer id");
        int frames = in.int32("frame count");
        if (frames < 1 || frames > 4096) throw new VoxProblem("frame count " + frames + " (1 to 4096)");
        Map<String, String> frame0 = in.dict("frame attributes");
        for (int f = 1; f < frames; f++) in.dict("frame attributes"); // animation frames: the first one is shown
        put(id, new Transform(child, matrix(frame0)));
    }

    void readGroup(VoxBytes in) throws VoxProblem {
        int id = nodeId(in);
        in.dict("node attributes");
        int n = in.int32("child count");
        if (n < 0 || n > in.remaining() / 4) throw new VoxProblem("child count " + n + " larger than the chunk");
        int[] children = new int[n];
        for (int i = 0; i < n; i++) children[i] = in.int32("child id");
        put(id, new Group(children));
    }

    void readShape(VoxBytes in) throws VoxProblem {
        int id = nodeId(in);
        in.dict("node attributes");
        int n = in.int32("model count");
        if (n < 0 || n > in.remaining() / 8) throw new VoxProblem("model count " + n + " larger than the chunk");
        int[] models = new int[n];
        for (int i = 0; i < n; i++) {
            models[i] = in.int32("model id");
            in.dict("model attributes");
        }
        put(id, new Shape(models));
    }

    private static int nodeId(VoxBytes in) throws VoxProblem {
        int id = in.int32("node id");
        if (id < 0) throw new VoxProblem("node id " + id + " is negative");
        return id;
    }

    private void put(int id, Node node) throws VoxProblem {
        if (nodes.putIfAbsent(id, node) != null) throw new VoxProblem("node id " + id + " appears twice");
    }

    /** The placements reached from node 0, depth first; refuses cycles, missing nodes and models out of range. */
    List<Placement> placements(int modelCount) throws VoxProblem {
        List<Placement> out = new ArrayList<>();
        visits = 0;
        visit(0, new Matrix4f(), 0, modelCount, out);
        return out;
    }

    private void visit(int id, Matrix4f parent, int depth, int modelCount, List<Placement> out) throws VoxProblem {
        if (depth > MAX_DEPTH) throw new VoxProblem("scene graph deeper than " + MAX_DEPTH + " nodes (a cycle?) at node " + id);
        if (++visits > MAX_VISITS)
            throw new VoxProblem("reaches more than " + MAX_VISITS + " nodes (groups naming a child again and again)");
        Node node = nodes.get(id);
        if (node == null) throw new VoxProblem("scene graph names node " + id + ", which the file does not have");
        if (node instanceof Transform t) {
            visit(t.child(), new Matrix4f(parent).mul(t.matrix()), depth + 1, modelCount, out);
        } else if (node instanceof Group g) {
            for (int child : g.children()) visit(child, parent, depth + 1, modelCount, out);
        } else if (node instanceof Shape s) {
            for (int model : s.models()) {
                if (model < 0 || model >= modelCount)
                    throw new VoxProblem("shape node " + id + " names model " + model + " of " + modelCount);
                if (out.size() >= MAX_PLACEMENTS) throw new VoxProblem("more than " + MAX_PLACEMENTS + " placed models");
                out.add(new Placement(model, new Matrix4f(parent)));
            }
        }
    }

    private static Matrix4f matrix(Map<String, String> frame) throws VoxProblem {
        Matrix4f m = new Matrix4f();
        String r = frame.get("_r");
        if (r != null) {
            int bits;
            try {
                bits = Integer.parseInt(r.trim());
            } catch (NumberFormatException e) {
                throw new VoxProblem("rotation _r " + org.drtstudio.io.Excerpt.quote(r) + " is not a number");
            }
            int c0 = bits & 3, c1 = (bits >> 2) & 3, c2 = 3 - c0 - c1;
            if (bits < 0 || bits > 127 || c0 > 2 || c1 > 2 || c0 == c1)
                throw new VoxProblem("rotation _r " + bits + " is not a rotation");
            float[] sign = {(bits & 16) != 0 ? -1 : 1, (bits & 32) != 0 ? -1 : 1, (bits & 64) != 0 ? -1 : 1};
            int[] column = {c0, c1, c2};
            m.zero();
            for (int row = 0; row < 3; row++) m.setRowColumn(row, column[row], sign[row]);
            m.setRowColumn(3, 3, 1f);
        }
        String t = frame.get("_t");
        if (t != null) {
            String[] parts = t.trim().split("\\s+");
            if (parts.length != 3) throw new VoxProblem("translation _t " + org.drtstudio.io.Excerpt.quote(t) + " is not three integers");
            float[] v = new float[3];
            for (int i = 0; i < 3; i++) {
                try {
                    int value = Integer.parseInt(parts[i]);
                    if (Math.abs(value) > 1 << 20) throw new NumberFormatException();
                    v[i] = value;
                } catch (NumberFormatException e) {
                    throw new VoxProblem("translation _t " + org.drtstudio.io.Excerpt.quote(t) + " is not three integers within ±2^20");
                }
            }
            m.setTranslation(v[0], v[1], v[2]);
        }
        return m;
    }
}
