package org.drtstudio.accel;

import java.util.Arrays;
import java.util.Map;

/**
 * A spatial structure of the shape level (a uniform grid or a skip-list octree per shape) packed
 * into one stream of 32-bit words, four to an RGBA32F texel, integers as float bits. Both tracers
 * read it beside the geometry image and the {@link BoxLayout}'s primitive copy, which gives every
 * primitive's geometry at its geometry-image index: the words hold only structure and primitive
 * indices, so shading is untouched. Headers and nodes start on a texel (their fields are texel
 * offsets below, read with one fetch each); cell tables and primitive lists are word-addressed.
 *
 * <p><b>Uniform grid</b>, per shape at texel g (its root):
 * <pre>
 * texel g + GRID_ORIGIN : lo.x, lo.y, lo.z, step bound (cells a walk may visit)
 * texel g + GRID_CELL   : cell size x, y, z, word index of the cell table
 * texel g + GRID_RES    : nx, ny, nz, 0
 * cell table (nx*ny*nz + 1 words): cell c = x + nx (y + ny z) holds the primitives listed in words [table[c], table[c + 1])
 * </pre>
 * <b>Octree</b> (both constructions: split-and-copy and the report's, whose inner boxes keep the
 * primitives that straddle their children), per shape at texel g: {@code g + OCTREE_HEADER}: node
 * count (the walk's step bound), then the nodes in pre-order from texel g + 1,
 * {@link #OCTREE_NODE_TEXELS} texels each:
 * <pre>
 * texel n + OCTREE_LO : lo.x, lo.y, lo.z, skip (texel of the node after this subtree, or END)
 * texel n + OCTREE_HI : hi.x, hi.y, hi.z, list (word index of the node's count-prefixed primitive list, or NO_LIST)
 * </pre>
 * A node's first child follows it (n + OCTREE_NODE_TEXELS), and so, in pre-order, does a leaf's
 * skip: a walk that meets a node's box tests its list, if any, and goes on to the next node (END after
 * the last); a node it misses leads to its skip. Only leaves have lists in the split-and-copy tree.
 * Boxes and grid bounds are padded like {@link BoxLayout}'s leaves, and a primitive is listed in
 * every cell its padded bounds touch, so float rounding in the walks cannot lose a hit.
 *
 * @param structure   which structure the words hold
 * @param words       the stream, a multiple of 4 long
 * @param sphereRoots each shape's root in the sphere tree, ascending
 * @param rootTexels  the same shape's root texel in the stream, same order
 * @param buildNanos  the time the build took
 */
public record SpatialLayout(AccelStructure structure, float[] words, int[] sphereRoots, int[] rootTexels, long buildNanos) {
    public static final int WORDS_PER_TEXEL = 4;
    /** The walks shift by it rather than divide by WORDS_PER_TEXEL. */
    public static final int WORDS_PER_TEXEL_LOG2 = Integer.numberOfTrailingZeros(WORDS_PER_TEXEL);
    /** End of an octree's skip list. */
    public static final int END = -1;
    /** An octree node's list word when it lists no primitives (every inner node of the split-and-copy tree). */
    public static final int NO_LIST = -1;
    public static final int GRID_HEADER_TEXELS = 3;
    public static final int GRID_ORIGIN = 0, GRID_CELL = 1, GRID_RES = 2;
    public static final int OCTREE_HEADER = 0;
    public static final int OCTREE_NODE_TEXELS = 2;
    public static final int OCTREE_LO = 0, OCTREE_HI = 1;
    /** Sampler units of the word stream and the per-instance roots, after the box layout's 8..10. */
    public static final int WORDS_UNIT = 11, ROOTS_UNIT = 12;
    /** Values of the {@code ACCEL_WALK} define: which walk {@code traverse()} takes. */
    public static final int WALK_BVH = 0, WALK_GRID = 1, WALK_OCTREE = 2, WALK_PORTALS = 3;

    /** The walk number of a structure (the {@code ACCEL_WALK} define). */
    public static int walkOf(AccelStructure s) {
        return switch (s) {
            case BVH -> WALK_BVH;
            case GRID -> WALK_GRID;
            case OCTREE, OCTREE_REPORT, BRUTE -> WALK_OCTREE;
            case PORTALS -> WALK_PORTALS;
        };
    }

    /** This layout's root texel for the shape whose sphere-tree root is {@code sphereRoot}. */
    public int rootTexel(int sphereRoot) {
        int k = Arrays.binarySearch(sphereRoots, sphereRoot);
        if (k < 0) throw new IllegalArgumentException("no shape has its root at sphere node " + sphereRoot);
        return rootTexels[k];
    }

    /** One texel per instance whose x is its shape's root texel here (int bits), as {@link BoxLayout#instanceRoots}. */
    public float[] instanceRoots(float[] instances, int instanceCount) {
        float[] out = new float[4 * Math.max(1, instanceCount)];
        for (int k = 0; k < instanceCount; k++) {
            int root = Float.floatToRawIntBits(instances[4 * (GeometryImageLayout.INSTANCE_TEXELS * k + GeometryImageLayout.INSTANCE_SHAPE)]);
            out[4 * k] = Float.intBitsToFloat(rootTexel(root));
        }
        return out;
    }

    /** Bytes of the stream (what the structure adds to the geometry image and the box layout's primitives). */
    public long bytes() {
        return 4L * words.length;
    }

    /** The layout's {@code #define}s: every public int constant as {@code AX_<NAME>} ({@link GlslConstants}). */
    public static Map<String, String> glslDefines() {
        return GlslConstants.of(SpatialLayout.class, "AX_");
    }
}
