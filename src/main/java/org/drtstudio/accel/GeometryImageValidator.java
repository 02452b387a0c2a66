package org.drtstudio.accel;

import org.drtstudio.accel.BoxLayout.BoxPrimitiveField;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Checks the structural invariants of a packed geometry image, at both levels: links point
 * forward (so the stackless walk terminates) and stay inside their hierarchy, every child sphere
 * lies inside its parent's, every primitive is referenced by exactly one leaf, names vertices that
 * exist and lies inside that leaf's sphere, every instance is referenced by exactly one top-level
 * leaf, every texture reference lies inside the texture atlas, and the box layout the tracers walk
 * ({@link BoxLayout}) covers every primitive once with boxes that contain it.
 * Used by tests and by
 * {@code drt info --check}; returns problems as readable lines instead of throwing at the first.
 */
public final class GeometryImageValidator {
    private static final int MAX_REPORTED = 20;

    private GeometryImageValidator() {
    }

    /** The instance records with a shape: those the top level reaches, then the ground plane's. */
    private static int shapedInstances(GeometryImage gi) {
        return gi.instanceCount() + (gi.hasGround() ? 1 : 0);
    }

    /** The ground record names the instance after the top level's and a triangle of that instance's shape. */
    private static void checkGroundRecord(GeometryImage gi, List<String> problems) {
        if (!gi.hasGround()) return;
        int instance = Float.floatToRawIntBits(gi.ground()[GroundField.INSTANCE]);
        int primitive = Float.floatToRawIntBits(gi.ground()[GroundField.PRIMITIVE]);
        if (instance != gi.instanceCount() || gi.instances().length < 4 * INSTANCE_TEXELS * (instance + 1))
            problems.add("ground plane: instance " + instance + " is not the record after the " + gi.instanceCount() + " the top level reaches");
        if (primitive < 0 || primitive >= gi.primitiveCount()
                || kindOf(Float.floatToRawIntBits(gi.primitives()[4 * PRIMITIVE_TEXELS * primitive + 3])) != KIND_TRIANGLE)
            problems.add("ground plane: primitive " + primitive + " is not a triangle of the image");
    }

    public static List<String> validate(GeometryImage gi) {
        List<String> problems = new ArrayList<>();
        int[] primRefs = new int[gi.primitiveCount()];
        int[] instanceRefs = new int[gi.instanceCount()];
        // Top level: leaves reference instances.
        checkHierarchy(gi.topNodes(), 0, gi.topNodeCount(), "top node", problems, (node, start, count) -> {
            if (count != 1) problems.add("top node " + node + ": a top-level leaf must hold exactly one instance, holds " + count);
            if (start < 0 || start >= gi.instanceCount()) problems.add("top node " + node + ": instance " + start + " does not exist");
            else instanceRefs[start]++;
        });
        for (int i = 0; i < gi.instanceCount() && problems.size() < MAX_REPORTED; i++) {
            if (instanceRefs[i] != 1) problems.add("instance " + i + " is referenced by " + instanceRefs[i] + " top-level leaves");
        }
        // Shape level: each distinct shape root once, the ground plane's (after the top level's instances) too.
        boolean[] checkedRoot = new boolean[gi.nodeCount()];
        checkGroundRecord(gi, problems);
        for (int i = 0; i < shapedInstances(gi) && problems.size() < MAX_REPORTED; i++) {
            int root = Float.floatToRawIntBits(gi.instances()[4 * INSTANCE_TEXELS * i + InstanceField.ROOT]);
            int count = Float.floatToRawIntBits(gi.instances()[4 * INSTANCE_TEXELS * i + InstanceField.NODE_COUNT]);
            if (root < 0 || count < 1 || root + count > gi.nodeCount()) {
                problems.add("instance " + i + ": shape nodes " + root + "+" + count + " outside 0.." + gi.nodeCount());
                continue;
            }
            if (checkedRoot[root]) continue;
            checkedRoot[root] = true;
            checkHierarchy(gi.nodes(), root, count, "node", problems, (node, start, c) -> {
                if (start < 0 || start + c > gi.primitiveCount()) {
                    problems.add("node " + node + ": primitive range " + start + "+" + c + " outside 0.." + gi.primitiveCount());
                    return;
                }
                for (int p = start; p < start + c; p++) {
                    primRefs[p]++;
                    if (!verticesExist(gi, p)) problems.add("primitive " + p + " names a vertex outside 0.." + gi.vertexCount());
                    else if (!primitiveInside(gi, p, node)) problems.add("primitive " + p + " sticks out of leaf " + node + "'s sphere");
                }
            });
        }
        for (int p = 0; p < primRefs.length && problems.size() < MAX_REPORTED; p++) {
            if (primRefs[p] != 1) problems.add("primitive " + p + " is referenced by " + primRefs[p] + " leaves");
        }
        checkTextures(gi, problems);
        // The box layouts derive from the sphere tree: only meaningful once that is sound.
        // Thrown-back (non-binary) trees carry no box layout: only the sphere walk reads them.
        boolean binary = gi.boxLayout() != null || BoxTree.firstNonBinary(gi.nodes(), gi.nodeCount()) < 0;
        if (problems.isEmpty() && binary) checkBoxLayout(gi, BoxLayout.of(gi), problems);
        return problems.size() > MAX_REPORTED ? problems.subList(0, MAX_REPORTED) : problems;
    }

    /**
     * The box layout: from each shape's root, every node is reached once and only from its parent,
     * child boxes hold their children's boxes and their leaves' primitives, every primitive of the
     * image sits in exactly one leaf, the tallest shape fits the walk's stack, and the layout's copy
     * of each primitive equals the image's.
     */
    static void checkBoxLayout(GeometryImage gi, BoxLayout layout, List<String> problems) {
        if (layout.height() > BoxLayout.STACK_SIZE)
            problems.add("box layout: height " + layout.height() + " exceeds the walk's stack of " + BoxLayout.STACK_SIZE);
        int n = layout.nodeCount();
        float[] boxes = layout.nodes();
        boolean[] seen = new boolean[n];
        int[] primRefs = new int[gi.primitiveCount()];
        int[] stack = new int[64];
        for (int shape = 0; shape < layout.rootLinks().length && problems.size() < MAX_REPORTED; shape++) {
            int sp = 0;
            stack[sp++] = layout.rootLinks()[shape];
            while (sp > 0 && problems.size() < MAX_REPORTED) {
                int node = stack[--sp];
                if (node >= n) {
                    problems.add("box layout: link to node " + node + " outside 0.." + n);
                    continue;
                }
                if (seen[node]) {
                    problems.add("box layout: node " + node + " is reached twice");
                    continue;
                }
                seen[node] = true;
                int o = 4 * BoxLayout.NODE_TEXELS * node;
                for (int child = 0; child < 2; child++) {
                    int box = o + 8 * child, link = bits(boxes, o + 3 + 4 * child);
                    if (link >= 0) {
                        if (link < n && !(boxInside(boxes, 4 * BoxLayout.NODE_TEXELS * link, boxes, box)
                                && boxInside(boxes, 4 * BoxLayout.NODE_TEXELS * link + 8, boxes, box)))
                            problems.add("box layout: node " + link + "'s boxes stick out of their parent's box in node " + node);
                        if (sp == stack.length) stack = Arrays.copyOf(stack, 2 * sp);
                        stack[sp++] = link;
                        continue;
                    }
                    int start = ~link >> BoxLayout.LEAF_COUNT_BITS, count = ~link & BoxLayout.LEAF_COUNT_MASK;
                    if (start + count > gi.primitiveCount()) {
                        problems.add("box layout: node " + node + " names primitives " + start + "+" + count + " outside 0.." + gi.primitiveCount());
                        continue;
                    }
                    for (int p = start; p < start + count; p++) {
                        primRefs[p]++;
                        if (!primitiveInBox(gi, p, boxes, box)) problems.add("primitive " + p + " sticks out of box node " + node);
                    }
                }
            }
        }
        for (int p = 0; p < primRefs.length && problems.size() < MAX_REPORTED; p++) {
            if (primRefs[p] != 1) problems.add("primitive " + p + " is in " + primRefs[p] + " leaves of the box layout");
            else if (!sameGeometry(gi, layout, p)) problems.add("primitive " + p + ": the box layout's copy differs from the geometry image");
        }
    }

    /** Whether box a (lo at {@code a[ao..]}, hi at ao + 4) lies inside box b; empty and NaN boxes do not. */
    private static boolean boxInside(float[] a, int ao, float[] b, int bo) {
        for (int k = 0; k < 3; k++) if (!(b[bo + k] <= a[ao + k] && a[ao + 4 + k] <= b[bo + 4 + k])) return false;
        return true;
    }

    /** The layout's v0 and edges (or centre and radius) of primitive p, recomputed from the image. */
    private static boolean sameGeometry(GeometryImage gi, BoxLayout layout, int p) {
        float[] q = layout.primitives(), verts = gi.vertices();
        int b = 4 * BoxLayout.PRIMITIVE_TEXELS * p, o = 4 * PRIMITIVE_TEXELS * p;
        int kind = kindOf(bits(gi.primitives(), o + 3));
        int v0 = 4 * VERTEX_TEXELS * bits(gi.primitives(), o);
        if (bits(q, b + BoxPrimitiveField.KIND) != kind) return false;
        for (int a = 0; a < 3; a++) if (Float.floatToRawIntBits(q[b + a]) != Float.floatToRawIntBits(verts[v0 + a])) return false;
        if (kind == KIND_SPHERE) return Float.floatToRawIntBits(q[b + BoxPrimitiveField.RADIUS]) == Float.floatToRawIntBits(verts[v0 + VertexField.SPHERE_RADIUS]);
        for (int e = 1; e <= 2; e++) {
            int v = 4 * VERTEX_TEXELS * bits(gi.primitives(), o + e);
            for (int a = 0; a < 3; a++)
                if (Float.floatToRawIntBits(q[b + (e == 1 ? BoxPrimitiveField.E1 : BoxPrimitiveField.E2) + a]) != Float.floatToRawIntBits(verts[v + a] - verts[v0 + a])) return false;
        }
        return true;
    }

    /**
     * The eight octant layouts of box nodes (the traversal experiment's {@link BoxNodeVariants}): in each, walking a shape from its root and entering
     * every node visits each of the shape's nodes once, skip links point forward within the layout,
     * and every primitive of a leaf lies in the leaf's box.
     */
    static void checkBoxLayouts(GeometryImage gi, float[] boxes, List<String> problems) {
        int n = gi.nodeCount();
        if (boxes.length != 8 * 8 * n) {
            problems.add("box layouts hold " + boxes.length / 8 + " nodes, expected 8 x " + n);
            return;
        }
        for (int octant = 0; octant < 8 && problems.size() < MAX_REPORTED; octant++) {
            int base = octant * n;
            boolean[] seen = new boolean[n];
            for (int i = 0; i < shapedInstances(gi); i++) {
                int root = Float.floatToRawIntBits(gi.instances()[4 * INSTANCE_TEXELS * i + InstanceField.ROOT]);
                int count = Float.floatToRawIntBits(gi.instances()[4 * INSTANCE_TEXELS * i + InstanceField.NODE_COUNT]);
                if (seen[root]) continue;
                int node = base + root, visits = 0;
                while (node != END && problems.size() < MAX_REPORTED) {
                    if (node < base + root || node >= base + root + count || ++visits > count) {
                        problems.add("octant " + octant + " box layout: the walk from root " + root + " leaves its shape at node " + node);
                        break;
                    }
                    seen[node - base] = true;
                    int b = 8 * node;
                    int miss = Float.floatToRawIntBits(boxes[b + 3]), leaf = Float.floatToRawIntBits(boxes[b + 7]);
                    if (miss != END && miss <= node) problems.add("octant " + octant + " box node " + node + ": skip link " + miss + " points back");
                    if (leaf != 0) {
                        int start = leaf >> 6, c = leaf >> 1 & 31;
                        for (int p = start; p < start + c; p++) {
                            if (!primitiveInBox(gi, p, boxes, b))
                                problems.add("primitive " + p + " sticks out of octant " + octant + " box node " + node);
                        }
                        node = miss;
                    } else {
                        node++;
                    }
                }
                if (visits != count && problems.size() < MAX_REPORTED)
                    problems.add("octant " + octant + " box layout: the walk from root " + root + " visits " + visits + " of " + count + " nodes");
            }
        }
    }

    private static boolean primitiveInBox(GeometryImage gi, int p, float[] boxes, int b) {
        float[] verts = gi.vertices();
        int o = 4 * PRIMITIVE_TEXELS * p;
        boolean sphere = kindOf(bits(gi.primitives(), o + 3)) == KIND_SPHERE;
        for (int k = 0; k < (sphere ? 1 : 3); k++) {
            int v = 4 * VERTEX_TEXELS * bits(gi.primitives(), o + k);
            float r = sphere ? verts[v + 3] : 0;
            for (int a = 0; a < 3; a++) {
                if (!(boxes[b + a] <= verts[v + a] - r && verts[v + a] + r <= boxes[b + 4 + a])) return false;
            }
        }
        return true;
    }

    /** Every texture reference inside the atlas, with a known wrap mode. */
    private static void checkTextures(GeometryImage gi, List<String> problems) {
        long atlas = gi.textures().length / 4;
        for (int m = 0; m < gi.materialCount() && problems.size() < MAX_REPORTED; m++) {
            for (int k : new int[]{MATERIAL_DIFFUSE_MAP, MATERIAL_BUMP_MAP}) {
                int o = 4 * (MATERIAL_TEXELS * m + k);
                int first = Float.floatToRawIntBits(gi.materials()[o]);
                if (first == NO_TEXTURE) continue;
                long w = Float.floatToRawIntBits(gi.materials()[o + 1]), h = Float.floatToRawIntBits(gi.materials()[o + 2]);
                int wrap = Float.floatToRawIntBits(gi.materials()[o + 3]);
                String what = "material " + m + "'s " + (k == MATERIAL_DIFFUSE_MAP ? "diffuse texture" : "bump map");
                if (first < 0 || w < 1 || h < 1 || first + w * h > atlas) {
                    problems.add(what + " (" + w + "x" + h + " at texel " + first + ") lies outside the atlas of " + atlas + " texels");
                }
                if (wrap != WRAP_REPEAT && wrap != WRAP_CLAMP) problems.add(what + " has unknown wrap mode " + wrap);
            }
        }
    }

    private interface LeafCheck {
        void check(int node, int start, int count);
    }

    /** One hierarchy occupying nodes [first, first + count), root first, END after its last subtree. */
    private static void checkHierarchy(float[] nodes, int first, int count, String what, List<String> problems, LeafCheck leaf) {
        int end = first + count;
        int[] parent = new int[count];
        Arrays.fill(parent, -1);
        for (int i = first; i < end && problems.size() < MAX_REPORTED; i++) {
            int hit = link(nodes, i, 0), miss = link(nodes, i, 1), primCount = link(nodes, i, 2), start = link(nodes, i, 3);
            if (miss != END && (miss <= i || miss >= end)) problems.add(what + " " + i + ": skip link " + miss + " does not point forward inside its hierarchy");
            if (i == first && miss != END) problems.add(what + " " + i + ": a root's skip link must end the walk, is " + miss);
            if (primCount == 0) {
                if (hit != i + 1 || hit >= end) {
                    problems.add(what + " " + i + ": inner node's hit link " + hit + " is not " + (i + 1));
                } else {
                    // Children of any number (the DRT paper's thrown-back trees have more than two):
                    // the first child, then each child's skip link until it reaches the parent's.
                    int stop = miss == END ? end : miss;
                    for (int c = hit, guard = 0; c < stop && c > i && guard < count; c = skipOrEnd(nodes, c, end), guard++) parent[c - first] = i;
                }
            } else {
                if (hit != miss) problems.add(what + " " + i + ": leaf's hit link " + hit + " differs from its skip link " + miss);
                leaf.check(i, start, primCount);
            }
        }
        for (int i = first + 1; i < end && problems.size() < MAX_REPORTED; i++) {
            int pa = parent[i - first];
            if (pa < 0) {
                problems.add(what + " " + i + " has no parent");
                continue;
            }
            int c = 4 * NODE_TEXELS * i, q = 4 * NODE_TEXELS * pa;
            double d = Math.sqrt(sq(nodes[c] - nodes[q]) + sq(nodes[c + 1] - nodes[q + 1]) + sq(nodes[c + 2] - nodes[q + 2]));
            if (d + nodes[c + 3] > nodes[q + 3] * (1 + 1e-6)) problems.add(what + " " + i + "'s sphere is not inside its parent " + pa);
        }
    }

    private static int skipOrEnd(float[] nodes, int node, int end) {
        int skip = link(nodes, node, 1);
        return skip == END ? end : skip;
    }

    private static int link(float[] nodes, int node, int component) {
        return Float.floatToRawIntBits(nodes[4 * NODE_TEXELS * node + NodeField.HIT + component]);
    }

    private static int bits(float[] a, int i) {
        return Float.floatToRawIntBits(a[i]);
    }

    private static int cornerCount(GeometryImage gi, int p) {
        return kindOf(bits(gi.primitives(), 4 * PRIMITIVE_TEXELS * p + 3)) == KIND_SPHERE ? 1 : 3;
    }

    private static boolean verticesExist(GeometryImage gi, int p) {
        for (int k = 0; k < cornerCount(gi, p); k++) {
            int v = bits(gi.primitives(), 4 * PRIMITIVE_TEXELS * p + k);
            if (v < 0 || v >= gi.vertexCount()) return false;
        }
        return true;
    }

    private static boolean primitiveInside(GeometryImage gi, int p, int node) {
        float[] nodes = gi.nodes(), verts = gi.vertices();
        int s = 4 * NODE_TEXELS * node;
        double cx = nodes[s], cy = nodes[s + 1], cz = nodes[s + 2], r = nodes[s + 3];
        boolean sphere = cornerCount(gi, p) == 1;
        for (int k = 0; k < cornerCount(gi, p); k++) {
            int v = 4 * VERTEX_TEXELS * bits(gi.primitives(), 4 * PRIMITIVE_TEXELS * p + k);
            double reach = Math.sqrt(sq(verts[v] - cx) + sq(verts[v + 1] - cy) + sq(verts[v + 2] - cz)) + (sphere ? verts[v + 3] : 0);
            if (reach > r) return false;
        }
        return true;
    }

    private static double sq(double v) {
        return v * v;
    }
}
