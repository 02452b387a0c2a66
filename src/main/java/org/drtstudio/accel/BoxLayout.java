package org.drtstudio.accel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The shape-level layout both tracers walk by default ({@code --nodes boxes}): one binary tree of
 * axis-aligned boxes derived from the geometry image's sphere tree (same tree, same leaves), each
 * inner node holding its two children's boxes, and the primitives' geometry stored beside it in
 * leaf order, so a hit test reads no vertex indices. The walk picks the nearer child per ray at
 * run time and keeps the farther one on a short stack; one layout serves every ray direction
 * (it replaces the eight octant-ordered copies of {@link BoxNodeVariants}, now only in the
 * traversal experiment). Built by {@link GeometryImageBuilder} once per shape level, as part of the
 * {@link GeometryImage}; walked by {@code shaders/traverse_box.glsl} and its twin
 * {@code render.cpu.Traversal}.
 *
 * <p><b>Nodes</b>, {@link #NODE_TEXELS} = 4 texels (64 bytes) per inner node, each shape's nodes
 * contiguous in depth-first order with its root first:
 * <pre>
 * texel 4i   : a.lo.x, a.lo.y, a.lo.z, link a     (int bits)
 * texel 4i+1 : a.hi.x, a.hi.y, a.hi.z, link b     (int bits)
 * texel 4i+2 : b.lo.x, b.lo.y, b.lo.z, 0
 * texel 4i+3 : b.hi.x, b.hi.y, b.hi.z, 0
 *   link &gt;= 0 : the child is the inner node of that index
 *   link &lt;  0 : the child is a leaf; ~link = primStart &lt;&lt; LEAF_COUNT_BITS | primCount
 * </pre>
 * A shape whose root is a leaf gets one inner node whose second child is an empty leaf (count 0)
 * with the first child's box. Leaf boxes are padded as {@link BoxTree} explains.
 *
 * <p><b>Primitives</b>, {@link #PRIMITIVE_TEXELS} = 3 texels (48 bytes) each, at the geometry
 * image's primitive index (leaves own contiguous ranges of it, so this is leaf order):
 * <pre>
 * triangle : v0.xyz, KIND_TRIANGLE | v1 - v0, 0 | v2 - v0, 0       (edges in float, as both tracers computed them)
 * sphere   : centre.xyz, KIND_SPHERE | radius, 0, 0, 0 | 0, 0, 0, 0
 * </pre>
 * The index of the primitive found is the geometry image's, so shading reads normals, texture
 * coordinates and materials as before.
 *
 * <p><b>Stack bound.</b> The walk keeps at most one entry per inner level above the node it is at,
 * so a shape's height (inner nodes on its longest path) must not exceed {@link #STACK_SIZE}. Where
 * a shape's tree is taller, only its parts too deep are laid out as balanced trees over their leaves
 * (in depth-first order), from each highest node whose children could not both be made to fit:
 * everything above stays the built tree. SAH peels long thin triangles off one at a time, so a
 * generated city's tree is taller than 32; balancing the whole shape instead (before 2026-11-30)
 * made its primary rays 1.4-1.9x slower on the GPU (docs/BENCHMARKS.md).
 *
 * @param nodes       {@link #NODE_TEXELS} texels per inner node
 * @param leafPrimitives {@link #PRIMITIVE_TEXELS} texels per primitive of the geometry image ({@link #primitives()}),
 *                    packed now or, for a linear BVH's mesh, when the CPU first asks ({@link #ofLinearBvh})
 * @param nodeCount   inner nodes
 * @param sphereRoots each shape's root in the sphere tree, ascending
 * @param rootLinks   the link of the same shape's root here (always an inner node, the first of the
 *                    shape's contiguous nodes), same order
 * @param height      the tallest shape's height in inner nodes
 * @param shapeHeights each shape's height, same order
 */
public record BoxLayout(float[] nodes, DeferredFloats leafPrimitives, int nodeCount, int[] sphereRoots, int[] rootLinks, int height,
                        int[] shapeHeights) {
    public static final int NODE_TEXELS = 4;
    /** Node texels: child a's box corners (with links a and b in w), child b's box corners. */
    public static final int CHILD_A_LO = 0, CHILD_A_HI = 1, CHILD_B_LO = 2, CHILD_B_HI = 3;
    public static final int PRIMITIVE_TEXELS = 3;
    /** Primitive texels: v0 (or centre) with the kind, edge v1 - v0 (or radius), edge v2 - v0. */
    public static final int PRIMITIVE_V0 = 0, PRIMITIVE_E1 = 1, PRIMITIVE_E2 = 2;

    /** Float offsets of an inner node's fields (texel * 4 + component), for the Java writers and the CPU twin. */
    public static final class BoxNodeField {
        private BoxNodeField() {
        }

        public static final int A_LO = 4 * CHILD_A_LO, LINK_A = A_LO + 3, A_HI = 4 * CHILD_A_HI, LINK_B = A_HI + 3;
        public static final int B_LO = 4 * CHILD_B_LO, B_HI = 4 * CHILD_B_HI;
    }

    /** Float offsets of a primitive's fields: a triangle's v0, kind, edges; a sphere's centre, kind, radius. */
    public static final class BoxPrimitiveField {
        private BoxPrimitiveField() {
        }

        public static final int V0 = 4 * PRIMITIVE_V0, KIND = V0 + 3, E1 = 4 * PRIMITIVE_E1, E2 = 4 * PRIMITIVE_E2;
        public static final int CENTER = V0, RADIUS = E1;
    }
    /** A layout whose primitives are packed already. */
    public BoxLayout(float[] nodes, float[] primitives, int nodeCount, int[] sphereRoots, int[] rootLinks, int height, int[] shapeHeights) {
        this(nodes, DeferredFloats.of(primitives), nodeCount, sphereRoots, rootLinks, height, shapeHeights);
    }

    /** The primitives in the layout's format, packed now if they were deferred: what the CPU walks and checks read. */
    public float[] primitives() {
        return leafPrimitives.get();
    }

    /** Bits of a leaf word that hold the primitive count; the start takes the rest (26 bits: 67 M primitives). */
    public static final int LEAF_COUNT_BITS = 5;
    public static final int LEAF_COUNT_MASK = (1 << LEAF_COUNT_BITS) - 1;
    /**
     * Entries of the walk's stack, and so the tallest shape it can walk. The binned-SAH trees are lower
     * (bunny 19, bunny_1m 24, 4.4M triangles 28, bunny_18m 30); the frame kernel keeps the stacks of
     * a work group in shared memory, where every entry costs occupancy: 24 entries made bunny_1m's
     * 16-spp frame 146 ms against 171 ms with 32 (H100, docs/BENCHMARKS.md), but would force the
     * larger scenes onto balanced trees.
     */
    public static final int STACK_SIZE = 32;
    /**
     * Work group of the frame kernels that keep the walk's stack in shared memory (trace.comp,
     * aov.comp): 16 x 8 made bunny_1m's 16-spp 1080p frame 157 ms, against 166 ms with 8 x 8, 175
     * with 8 x 4 and 214-216 with 256 invocations (H100, docs/BENCHMARKS.md).
     */
    public static final int GROUP_WIDTH = 16, GROUP_HEIGHT = 8;
    /** Invocations of that work group: the shared stack's stride. */
    public static final int GROUP_INVOCATIONS = GROUP_WIDTH * GROUP_HEIGHT;
    /** Sampler units of the nodes, the primitives and the per-instance roots, after the geometry image's 0..7. */
    public static final int NODES_UNIT = 8, PRIMITIVES_UNIT = 9, ROOTS_UNIT = 10;
    /**
     * Shader storage binding points of the nodes and primitives where the GPU tracer keeps them in
     * buffers instead of the textures at {@link #NODES_UNIT} and {@link #PRIMITIVES_UNIT} (GLSL
     * {@code BL_BUFFERS}, chosen per device by the renderer); after the wavefront's 8..11 (render.gl.ShaderBinding).
     */
    public static final int NODES_BINDING = 12, PRIMITIVES_BINDING = 13;

    /** The image's own layout when its builder made one, else one derived from its arrays (images made by hand in tests). */
    public static BoxLayout of(GeometryImage image) {
        return image.boxLayout() != null ? image.boxLayout() : derive(image);
    }

    /** A new layout made from the image's arrays (its shapes are the distinct roots its instances name). */
    public static BoxLayout derive(GeometryImage image) {
        return build(image.nodes(), image.nodeCount(), image.primitives(), image.vertices(), BoxTree.shapesOf(image));
    }

    /**
     * The layout of a shape level.
     *
     * @param shapes each shape's {root, nodeCount} in the sphere tree
     * @throws IllegalArgumentException when a leaf's primitives do not fit the packed leaf word
     */
    public static BoxLayout build(float[] sphereNodes, int sphereNodeCount, float[] primitives, float[] vertices, List<int[]> shapes) {
        return build(sphereNodes, sphereNodeCount, primitives, vertices, shapes, false);
    }

    /**
     * As {@link #build(float[], int, float[], float[], List)}; {@code serial} writes every shape
     * with the recursive writer, the reference the ranked, parallel one must equal byte for byte.
     */
    static BoxLayout build(float[] sphereNodes, int sphereNodeCount, float[] primitives, float[] vertices, List<int[]> shapes, boolean serial) {
        BoxTree tree = BoxTree.of(sphereNodes, sphereNodeCount, primitives, vertices, shapes);
        List<int[]> sorted = new ArrayList<>(shapes);
        sorted.sort((a, b) -> Integer.compare(a[0], b[0]));
        int[] height = tree.heights();
        boolean low = true;
        for (int[] shape : sorted) low &= height[shape[0]] <= STACK_SIZE;
        float[] prims = packPrimitives(primitives, vertices);
        int[] sphereRoots = new int[sorted.size()], rootLinks = new int[sorted.size()];
        for (int k = 0; k < sorted.size(); k++) sphereRoots[k] = sorted.get(k)[0];
        int[] shapeHeights = new int[sorted.size()];
        if (low && !serial) {
            RankedNodes r = new RankedNodes(tree, sorted, height, rootLinks, shapeHeights);
            return new BoxLayout(r.out, prims, r.count, sphereRoots, rootLinks, r.maxHeight, shapeHeights);
        }
        Writer w = new Writer(tree, height);
        for (int k = 0; k < sorted.size(); k++) {
            int before = w.maxHeight;
            w.maxHeight = 0;
            rootLinks[k] = w.shape(sorted.get(k)[0]);
            shapeHeights[k] = w.maxHeight;
            w.maxHeight = Math.max(before, w.maxHeight);
        }
        return new BoxLayout(Arrays.copyOf(w.out, NODE_TEXELS * 4 * w.count), prims, w.count, sphereRoots, rootLinks, w.maxHeight, shapeHeights);
    }

    /**
     * The layout of one mesh whose tree a {@link LinearBvhBuilder} made: its nodes as the build wrote
     * them (Karras's numbering, root first), its primitives packed from the shape's own arrays (in
     * the build's leaf order) when the CPU first asks for them: the GPU tracer makes its own from
     * the image's (render.gl.GlBoxPrimitives). A part for {@link #assemble}.
     *
     * @throws IllegalArgumentException when the tree is taller than {@link #STACK_SIZE}
     */
    public static BoxLayout ofLinearBvh(LinearBvh bvh, float[] primitives, float[] vertices) {
        if (bvh.height() > STACK_SIZE)
            throw new IllegalArgumentException("a linear BVH of height " + bvh.height() + " exceeds the walk's stack of " + STACK_SIZE);
        long floats = 4L * PRIMITIVE_TEXELS * (primitives.length / (4 * GeometryImageLayout.PRIMITIVE_TEXELS));
        DeferredFloats packed = DeferredFloats.deferred(floats, () -> packPrimitives(primitives, vertices));
        return new BoxLayout(bvh.nodes(), packed, bvh.innerCount(), new int[]{0}, new int[]{0}, bvh.height(),
                new int[]{bvh.height()});
    }

    /**
     * Where a shape of a new shape level takes its part of the layout from: shape {@code shape} of
     * layout {@code from} (an earlier level's layout, or one made for the shape alone), whose
     * primitives start at {@code primitiveFrom} there and at {@code primitiveBase} in the new level.
     */
    public record Part(BoxLayout from, int shape, int primitiveFrom, int primitiveCount, int primitiveBase) {
    }

    /**
     * The layout of a shape level assembled from parts of other layouts, each shape's nodes and
     * primitives copied with their links moved: what {@link #build} makes for the whole level, byte
     * for byte (BoxLayoutTest), without deriving the shapes already laid out again. Adding a small
     * model to a scene that holds a 1M-triangle one so copies 80 MB instead of building them anew
     * (docs/BENCHMARKS.md). One shape's whole layout at its own place is taken as it is, not copied.
     *
     * @param parts       one per shape, in the level's order (ascending sphere roots)
     * @param sphereRoots each shape's root in the level's sphere tree, same order
     * @param primitives  the level's primitives
     * @throws IllegalArgumentException when a moved leaf no longer fits the packed leaf word
     */
    public static BoxLayout assemble(List<Part> parts, int[] sphereRoots, int primitives) {
        if (parts.size() == 1 && isWhole(parts.get(0), primitives)) {
            // A level of one shape whose layout was made with its tree (a large mesh's linear BVH):
            // its arrays as they are, shared as the level shares the shape's own. Copying them took
            // 3 s for 10M triangles on the 2-core machine (1.1 GB, every page new).
            BoxLayout from = parts.get(0).from;
            return new BoxLayout(from.nodes, from.leafPrimitives, from.nodeCount, sphereRoots.clone(), from.rootLinks.clone(), from.height,
                    from.shapeHeights.clone());
        }
        int total = 0;
        for (Part p : parts) total += nodesOf(p.from, p.shape);
        float[] nodes = new float[NODE_TEXELS * 4 * total];
        int[] rootLinks = new int[parts.size()], shapeHeights = new int[parts.size()];
        int next = 0, height = 0;
        for (int k = 0; k < parts.size(); k++) {
            Part p = parts.get(k);
            int first = p.from.rootLinks[p.shape], count = nodesOf(p.from, p.shape);
            int nodeShift = next - first, primShift = p.primitiveBase - p.primitiveFrom, to = next;
            float[] src = p.from.nodes;
            // A part that keeps its place and its primitives' (a model's, before the ground plane) keeps its links too.
            boolean moves = nodeShift != 0 || primShift != 0;
            ParallelRanges.forEach(count, (a, b) -> {
                System.arraycopy(src, NODE_TEXELS * 4 * (first + a), nodes, NODE_TEXELS * 4 * (to + a), NODE_TEXELS * 4 * (b - a));
                for (int i = to + a; moves && i < to + b; i++) {
                    int o = NODE_TEXELS * 4 * i;
                    nodes[o + BoxNodeField.LINK_A] = Float.intBitsToFloat(moved(Float.floatToRawIntBits(nodes[o + BoxNodeField.LINK_A]), nodeShift, primShift));
                    nodes[o + BoxNodeField.LINK_B] = Float.intBitsToFloat(moved(Float.floatToRawIntBits(nodes[o + BoxNodeField.LINK_B]), nodeShift, primShift));
                }
            });
            rootLinks[k] = next;
            shapeHeights[k] = p.from.shapeHeights[p.shape];
            height = Math.max(height, shapeHeights[k]);
            next += count;
        }
        // Where a part's primitives wait to be packed (a linear BVH's mesh), so do the level's: the GPU
        // tracer makes them all from the image's, and only a CPU walk or a check copies the parts' here.
        boolean deferred = false;
        for (Part p : parts) deferred |= !p.from.leafPrimitives.packed();
        DeferredFloats prims = deferred
                ? DeferredFloats.deferred(PRIMITIVE_TEXELS * 4L * primitives, () -> copiedPrimitives(parts, primitives))
                : DeferredFloats.of(copiedPrimitives(parts, primitives));
        return new BoxLayout(nodes, prims, total, sphereRoots.clone(), rootLinks, height, shapeHeights);
    }

    /** The level's primitives: each part's copied to its place. */
    private static float[] copiedPrimitives(List<Part> parts, int primitives) {
        float[] prims = new float[PRIMITIVE_TEXELS * 4 * primitives];
        for (Part p : parts) {
            System.arraycopy(p.from.primitives(), PRIMITIVE_TEXELS * 4 * p.primitiveFrom, prims, PRIMITIVE_TEXELS * 4 * p.primitiveBase,
                    PRIMITIVE_TEXELS * 4 * p.primitiveCount);
        }
        return prims;
    }

    /** Whether {@code p} is all of a one-shape layout, at its own place: nothing to move. */
    private static boolean isWhole(Part p, int primitives) {
        BoxLayout from = p.from;
        return from.rootLinks.length == 1 && p.shape == 0 && from.rootLinks[0] == 0 && p.primitiveFrom == 0 && p.primitiveBase == 0
                && p.primitiveCount == primitives && from.leafPrimitives.length() == PRIMITIVE_TEXELS * 4L * primitives;
    }

    /** Inner nodes of shape {@code shape} of a layout: from its root link to the next shape's. */
    private static int nodesOf(BoxLayout l, int shape) {
        int end = shape + 1 < l.rootLinks.length ? l.rootLinks[shape + 1] : l.nodeCount;
        return end - l.rootLinks[shape];
    }

    /** A link whose shape moved: an inner node by {@code nodeShift}, a leaf's first primitive by {@code primShift} (an empty leaf stays). */
    private static int moved(int link, int nodeShift, int primShift) {
        if (link >= 0) return link + nodeShift;
        int word = ~link, count = word & LEAF_COUNT_MASK;
        if (count == 0) return link;
        long start = (long) (word >>> LEAF_COUNT_BITS) + primShift;
        if (start >= 1 << (31 - LEAF_COUNT_BITS))
            throw new IllegalArgumentException("a leaf of " + count + " primitives from " + start + " does not fit the box layout's leaf word (at most "
                    + (1 << (31 - LEAF_COUNT_BITS)) + " primitives in all)");
        return leafLink((int) start, count);
    }

    /** This layout's root link for the shape whose sphere-tree root is {@code sphereRoot}. */
    public int rootLink(int sphereRoot) {
        int k = Arrays.binarySearch(sphereRoots, sphereRoot);
        if (k < 0) throw new IllegalArgumentException("no shape has its root at sphere node " + sphereRoot);
        return rootLinks[k];
    }

    /**
     * One texel per instance whose x is the root link of its shape here (int bits): the walk's entry
     * into an instance. Top-level data: it changes only when shapes are added or removed.
     */
    public float[] instanceRoots(float[] instances, int instanceCount) {
        float[] out = new float[4 * Math.max(1, instanceCount)];
        for (int k = 0; k < instanceCount; k++) {
            int root = Float.floatToRawIntBits(instances[4 * (GeometryImageLayout.INSTANCE_TEXELS * k + GeometryImageLayout.INSTANCE_SHAPE)]);
            out[4 * k] = Float.intBitsToFloat(rootLink(root));
        }
        return out;
    }

    /** Bytes of the nodes. */
    public long nodeBytes() { return 4L * nodes.length; }

    /** Bytes of the primitives stored in leaf order. */
    public long primitiveBytes() { return 4L * leafPrimitives.length(); }

    /** The link of a leaf holding {@code count} primitives from {@code start}. */
    public static int leafLink(int start, int count) {
        return ~(start << LEAF_COUNT_BITS | count);
    }

    /** The layout's {@code #define}s: every public int constant as {@code BL_<NAME>} ({@link GlslConstants}). */
    public static Map<String, String> glslDefines() {
        return GlslConstants.of(BoxLayout.class, "BL_");
    }

    /** Primitive geometry at each primitive's index: v0 and both edges, or a sphere's centre and radius. */
    private static float[] packPrimitives(float[] prims, float[] verts) {
        int count = prims.length / (4 * GeometryImageLayout.PRIMITIVE_TEXELS);
        float[] out = new float[4 * PRIMITIVE_TEXELS * count];
        ParallelRanges.forEach(count, (from, to) -> {
            for (int p = from; p < to; p++) packPrimitive(prims, verts, p, out);
        });
        return out;
    }

    private static void packPrimitive(float[] prims, float[] verts, int p, float[] out) {
        int b = 4 * GeometryImageLayout.PRIMITIVE_TEXELS * p, o = 4 * PRIMITIVE_TEXELS * p;
        int kind = GeometryImageLayout.kindOf(Float.floatToRawIntBits(prims[b + 3]));
        int v0 = 4 * GeometryImageLayout.VERTEX_TEXELS * Float.floatToRawIntBits(prims[b]);
        for (int a = 0; a < 3; a++) out[o + BoxPrimitiveField.V0 + a] = verts[v0 + GeometryImageLayout.VertexField.POSITION + a];
        out[o + BoxPrimitiveField.KIND] = Float.intBitsToFloat(kind);
        if (kind == GeometryImageLayout.KIND_SPHERE) {
            out[o + BoxPrimitiveField.RADIUS] = verts[v0 + GeometryImageLayout.VertexField.SPHERE_RADIUS];
            return;
        }
        int v1 = 4 * GeometryImageLayout.VERTEX_TEXELS * Float.floatToRawIntBits(prims[b + 1]);
        int v2 = 4 * GeometryImageLayout.VERTEX_TEXELS * Float.floatToRawIntBits(prims[b + 2]);
        for (int a = 0; a < 3; a++) {
            out[o + BoxPrimitiveField.E1 + a] = verts[v1 + a] - verts[v0 + a];
            out[o + BoxPrimitiveField.E2 + a] = verts[v2 + a] - verts[v0 + a];
        }
    }

    /**
     * The layout of shapes no taller than the stack, written in parallel. The recursive
     * {@link Writer} numbers inner nodes in depth-first order, and the sphere tree is stored in
     * depth-first order already, so an inner node's index here is its rank among the inner nodes
     * of the shapes in sphere-tree order: one serial counting pass, then every node is written on
     * its own. Same bytes as the {@link Writer} (BoxLayoutTest).
     */
    private static final class RankedNodes {
        final float[] out;
        final int count;
        int maxHeight;

        /** @param rootLinks filled with each shape's root link, in the order of {@code sorted}; {@code shapeHeights} likewise */
        RankedNodes(BoxTree t, List<int[]> sorted, int[] height, int[] rootLinks, int[] shapeHeights) {
            int[] place = new int[t.n];
            Arrays.fill(place, -1); // nodes of no listed shape are not written
            int next = 0;
            for (int k = 0; k < sorted.size(); k++) {
                int root = sorted.get(k)[0], end = root + sorted.get(k)[1];
                rootLinks[k] = next;
                shapeHeights[k] = Math.max(1, height[root]);
                maxHeight = Math.max(maxHeight, shapeHeights[k]);
                if (t.first[root] < 0) { // a one-leaf shape gets one inner node (see the class comment)
                    checkLeaf(t, root);
                    place[root] = next++;
                    continue;
                }
                for (int i = root; i < end; i++) {
                    if (t.first[i] >= 0) place[i] = next++;
                    else checkLeaf(t, i); // checked here, so the parallel pass cannot fail
                }
            }
            count = next;
            out = new float[NODE_TEXELS * 4 * count];
            ParallelRanges.forEach(t.n, (from, to) -> {
                for (int i = from; i < to; i++) if (place[i] >= 0) write(t, place, i);
            });
        }

        private void write(BoxTree t, int[] place, int i) {
            if (t.first[i] < 0) {
                put(out, place[i], t.lo, 3 * i, t.hi, 3 * i, leafLinkOf(t, i), t.lo, 3 * i, t.hi, 3 * i, leafLink(0, 0));
                return;
            }
            int a = t.first[i], b = t.second[i];
            int la = t.first[a] < 0 ? leafLinkOf(t, a) : place[a], lb = t.first[b] < 0 ? leafLinkOf(t, b) : place[b];
            put(out, place[i], t.lo, 3 * a, t.hi, 3 * a, la, t.lo, 3 * b, t.hi, 3 * b, lb);
        }
    }

    /** Throws when leaf's primitives do not fit the packed leaf word. */
    private static void checkLeaf(BoxTree t, int leaf) {
        if (t.primCount[leaf] >= 1 << LEAF_COUNT_BITS || t.primStart[leaf] >= 1 << (31 - LEAF_COUNT_BITS))
            throw new IllegalArgumentException("leaf " + leaf + " (" + t.primCount[leaf] + " primitives from " + t.primStart[leaf]
                    + ") does not fit the box layout's leaf word (at most " + LEAF_COUNT_MASK
                    + " primitives a leaf, " + (1 << (31 - LEAF_COUNT_BITS)) + " in all)");
    }

    private static int leafLinkOf(BoxTree t, int leaf) {
        return leafLink(t.primStart[leaf], t.primCount[leaf]);
    }

    /** Node {@code index} of {@code out}: child a's box from {@code aLo[al..al+2]}, {@code aHi[ah..ah+2]} and its link; likewise b. */
    private static void put(float[] out, int index, float[] aLo, int al, float[] aHi, int ah, int la, float[] bLo, int bl, float[] bHi, int bh, int lb) {
        int o = NODE_TEXELS * 4 * index;
        for (int k = 0; k < 3; k++) {
            out[o + BoxNodeField.A_LO + k] = aLo[al + k];
            out[o + BoxNodeField.A_HI + k] = aHi[ah + k];
            out[o + BoxNodeField.B_LO + k] = bLo[bl + k];
            out[o + BoxNodeField.B_HI + k] = bHi[bh + k];
        }
        out[o + BoxNodeField.LINK_A] = Float.intBitsToFloat(la);
        out[o + BoxNodeField.LINK_B] = Float.intBitsToFloat(lb);
    }

    /** Writes inner nodes depth-first, parents before children. */
    private static final class Writer {
        private final BoxTree t;
        private final int[] height, leafCount;
        float[] out = new float[NODE_TEXELS * 4 * 64];
        int count, maxHeight;

        Writer(BoxTree t, int[] height) {
            this.t = t;
            this.height = height;
            leafCount = t.leafCounts();
        }

        /** Writes the shape rooted at sphere node {@code root}; returns its root link (an inner node). */
        int shape(int root) {
            if (t.first[root] < 0) {
                int index = allocate();
                int leaf = leafWord(root);
                put(index, t.lo, 3 * root, t.hi, 3 * root, leaf, t.lo, 3 * root, t.hi, 3 * root, leafLink(0, 0));
                maxHeight = Math.max(maxHeight, 1);
                return index;
            }
            return limited(root, 0);
        }

        /**
         * Writes inner node {@code i}, {@code depth} inner levels below its shape's root: as built
         * where its subtree fits the stack; else keeps {@code i} and limits its children where both
         * can be made to fit; else as a balanced tree over its leaves. Its box is the same either way.
         */
        private int limited(int i, int depth) {
            if (depth + height[i] <= STACK_SIZE) {
                maxHeight = Math.max(maxHeight, depth + height[i]);
                return inner(i);
            }
            int a = t.first[i], b = t.second[i];
            if (fits(a, depth + 1) && fits(b, depth + 1)) {
                int index = allocate();
                maxHeight = Math.max(maxHeight, depth + 1);
                int la = t.first[a] < 0 ? leafWord(a) : limited(a, depth + 1);
                int lb = t.first[b] < 0 ? leafWord(b) : limited(b, depth + 1);
                put(index, t.lo, 3 * a, t.hi, 3 * a, la, t.lo, 3 * b, t.hi, 3 * b, lb);
                return index;
            }
            List<Integer> leaves = new ArrayList<>();
            collectLeaves(i, leaves);
            return balanced(leaves, 0, leaves.size(), new float[6], depth);
        }

        /** Whether node {@code i}, {@code depth} inner levels down, fits the stack as a balanced tree over its leaves at least. */
        private boolean fits(int i, int depth) {
            return depth + ceilLog2(leafCount[i]) <= STACK_SIZE;
        }

        private static int ceilLog2(int n) {
            return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
        }

        private int inner(int i) {
            int index = allocate();
            int a = t.first[i], b = t.second[i];
            int la = t.first[a] < 0 ? leafWord(a) : inner(a);
            int lb = t.first[b] < 0 ? leafWord(b) : inner(b);
            put(index, t.lo, 3 * a, t.hi, 3 * a, la, t.lo, 3 * b, t.hi, 3 * b, lb);
            return index;
        }

        /** A balanced tree over leaves[from, to) (at least two); writes its box to {@code box}, returns its link. */
        private int balanced(List<Integer> leaves, int from, int to, float[] box, int depth) {
            if (to - from == 1) {
                int leaf = leaves.get(from);
                System.arraycopy(t.lo, 3 * leaf, box, 0, 3);
                System.arraycopy(t.hi, 3 * leaf, box, 3, 3);
                return leafWord(leaf);
            }
            int index = allocate();
            maxHeight = Math.max(maxHeight, depth + 1);
            int mid = (from + to) >>> 1;
            float[] a = new float[6], b = new float[6];
            int la = balanced(leaves, from, mid, a, depth + 1), lb = balanced(leaves, mid, to, b, depth + 1);
            put(index, a, 0, a, 3, la, b, 0, b, 3, lb);
            for (int k = 0; k < 3; k++) {
                box[k] = Math.min(a[k], b[k]);
                box[3 + k] = Math.max(a[3 + k], b[3 + k]);
            }
            return index;
        }

        private void collectLeaves(int root, List<Integer> leaves) {
            int[] stack = new int[Math.max(2, height[root] + 2)];
            int sp = 0;
            stack[sp++] = root;
            while (sp > 0) {
                int i = stack[--sp];
                if (t.first[i] < 0) {
                    leaves.add(i);
                    continue;
                }
                if (sp + 2 > stack.length) stack = Arrays.copyOf(stack, 2 * stack.length);
                stack[sp++] = t.second[i];
                stack[sp++] = t.first[i];
            }
        }

        private int leafWord(int leaf) {
            checkLeaf(t, leaf);
            return leafLinkOf(t, leaf);
        }

        private int allocate() {
            if (NODE_TEXELS * 4 * (count + 1) > out.length) out = Arrays.copyOf(out, 2 * out.length);
            return count++;
        }

        private void put(int index, float[] aLo, int al, float[] aHi, int ah, int la, float[] bLo, int bl, float[] bHi, int bh, int lb) {
            BoxLayout.put(out, index, aLo, al, aHi, ah, la, bLo, bl, bHi, bh, lb);
        }
    }
}
