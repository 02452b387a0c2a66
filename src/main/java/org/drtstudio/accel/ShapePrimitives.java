package org.drtstudio.accel;

import org.drtstudio.accel.BoxLayout.BoxPrimitiveField;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The primitives of one shape of the geometry image (the distinct roots its instances name), with
 * each primitive's padded bounding box in object space: what the spatial structures
 * ({@link SpatialLayout}) are built from. Boxes come from the {@link BoxLayout}'s primitive copy, the
 * very numbers the walks intersect, padded like {@link BoxLayout}'s leaf boxes (by the shape's
 * extent and distance from the origin) so a primitive is listed in every cell where either
 * tracer's rounding could find it.
 *
 * @param sphereRoot the shape's root in the sphere tree
 * @param indices    its primitives' geometry-image indices
 * @param boxes      per primitive, 6 floats: lo.xyz, hi.xyz (padded)
 * @param bounds     the union of the boxes: lo.xyz, hi.xyz (an empty shape: all 0)
 * @param corners    per primitive, 9 floats: a triangle's corners v0, v1, v2 as the walks see them
 *                   (v0 and v0 + the stored edges), a sphere's all NaN; null where only boxes are
 *                   known (then every structure inserts by the boxes)
 * @param pad        how far the boxes were grown on every side: an exact insertion test grows the cell
 *                   by as much, so it keeps the margin the boxes keep
 */
public record ShapePrimitives(int sphereRoot, int[] indices, float[] boxes, float[] bounds, float[] corners, float pad) {

    /** Primitives known by their boxes alone. */
    public ShapePrimitives(int sphereRoot, int[] indices, float[] boxes, float[] bounds) {
        this(sphereRoot, indices, boxes, bounds, null, 0f);
    }

    /** Whether primitive {@code j} is a triangle with known corners ({@link #corners} from {@code 9 j}). */
    public boolean hasCorners(int j) {
        return corners != null && !Float.isNaN(corners[9 * j]);
    }

    public int count() {
        return indices.length;
    }

    /** The image's shapes, ascending by sphere root, by their boxes alone. */
    public static List<ShapePrimitives> of(GeometryImage image) {
        return of(image, false);
    }

    /**
     * The image's shapes, ascending by sphere root; with {@code withCorners} their triangles' corners
     * too (36 bytes a primitive more: only the structures that test triangles themselves ask).
     */
    public static List<ShapePrimitives> of(GeometryImage image, boolean withCorners) {
        BoxLayout layout = BoxLayout.of(image);
        List<int[]> shapes = new ArrayList<>(BoxTree.shapesOf(image));
        shapes.sort((a, b) -> Integer.compare(a[0], b[0]));
        List<ShapePrimitives> out = new ArrayList<>();
        for (int[] s : shapes) out.add(of(image.nodes(), layout.primitives(), s[0], s[1], withCorners));
        return out;
    }

    /** The shape rooted at {@code root} with {@code nodeCount} sphere nodes (its subtree is contiguous). */
    static ShapePrimitives of(float[] nodes, float[] leafPrimitives, int root, int nodeCount, boolean withCorners) {
        int count = 0;
        for (int i = root; i < root + nodeCount; i++) if (isLeaf(nodes, i)) count += primCount(nodes, i);
        int[] indices = new int[count];
        int k = 0;
        for (int i = root; i < root + nodeCount; i++) {
            if (!isLeaf(nodes, i)) continue;
            int start = primStart(nodes, i);
            for (int p = start; p < start + primCount(nodes, i); p++) indices[k++] = p;
        }
        float[] boxes = new float[6 * count], corners = withCorners ? new float[9 * count] : null;
        float[] bounds = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int j = 0; j < count; j++) {
            primitiveBox(leafPrimitives, indices[j], boxes, 6 * j);
            if (withCorners) primitiveCorners(leafPrimitives, indices[j], corners, 9 * j);
            for (int a = 0; a < 3; a++) {
                bounds[a] = Math.min(bounds[a], boxes[6 * j + a]);
                bounds[3 + a] = Math.max(bounds[3 + a], boxes[6 * j + 3 + a]);
            }
        }
        if (count == 0) return new ShapePrimitives(root, indices, boxes, new float[6], corners, 0f);
        float extent = 0, far = 0;
        for (int a = 0; a < 3; a++) {
            extent = Math.max(extent, bounds[3 + a] - bounds[a]);
            far = Math.max(far, Math.max(Math.abs(bounds[a]), Math.abs(bounds[3 + a])));
        }
        float pad = 1e-5f * extent + 4e-7f * far;
        for (int j = 0; j < 6 * count; j++) boxes[j] += (j % 6 < 3 ? -pad : pad);
        for (int a = 0; a < 3; a++) {
            bounds[a] -= pad;
            bounds[3 + a] += pad;
        }
        return new ShapePrimitives(root, indices, boxes, bounds, corners, pad);
    }

    /** A triangle's corners from the box layout's copy, computed as the box is (v0 + edge), or NaN for a sphere. */
    private static void primitiveCorners(float[] q, int p, float[] out, int o) {
        int b = 4 * BoxLayout.PRIMITIVE_TEXELS * p;
        if (Float.floatToRawIntBits(q[b + BoxPrimitiveField.KIND]) != GeometryImageLayout.KIND_TRIANGLE) {
            java.util.Arrays.fill(out, o, o + 9, Float.NaN);
            return;
        }
        for (int a = 0; a < 3; a++) {
            float v0 = q[b + a];
            out[o + a] = v0;
            out[o + 3 + a] = v0 + q[b + BoxPrimitiveField.E1 + a];
            out[o + 6 + a] = v0 + q[b + BoxPrimitiveField.E2 + a];
        }
    }

    /** The box of primitive p from the box layout's copy: v0 and v0 + edges, or centre ± radius. */
    private static void primitiveBox(float[] q, int p, float[] out, int o) {
        int b = 4 * BoxLayout.PRIMITIVE_TEXELS * p;
        if (Float.floatToRawIntBits(q[b + BoxPrimitiveField.KIND]) != GeometryImageLayout.KIND_TRIANGLE) {
            float r = Math.abs(q[b + BoxPrimitiveField.RADIUS]);
            for (int a = 0; a < 3; a++) {
                out[o + a] = q[b + a] - r;
                out[o + 3 + a] = q[b + a] + r;
            }
            return;
        }
        for (int a = 0; a < 3; a++) {
            float v0 = q[b + a], v1 = v0 + q[b + BoxPrimitiveField.E1 + a], v2 = v0 + q[b + BoxPrimitiveField.E2 + a];
            out[o + a] = Math.min(v0, Math.min(v1, v2));
            out[o + 3 + a] = Math.max(v0, Math.max(v1, v2));
        }
    }

    private static boolean isLeaf(float[] nodes, int i) {
        int base = 4 * (GeometryImageLayout.NODE_TEXELS * i + GeometryImageLayout.NODE_LINKS);
        return Float.floatToRawIntBits(nodes[base]) == Float.floatToRawIntBits(nodes[base + 1]);
    }

    private static int primCount(float[] nodes, int i) {
        return Float.floatToRawIntBits(nodes[4 * (GeometryImageLayout.NODE_TEXELS * i + GeometryImageLayout.NODE_LINKS) + 2]);
    }

    private static int primStart(float[] nodes, int i) {
        return Float.floatToRawIntBits(nodes[4 * (GeometryImageLayout.NODE_TEXELS * i + GeometryImageLayout.NODE_LINKS) + 3]);
    }

    @Override
    public String toString() {
        return "ShapePrimitives[root " + sphereRoot + ", " + indices.length + " primitives, bounds " + Arrays.toString(bounds) + "]";
    }
}
