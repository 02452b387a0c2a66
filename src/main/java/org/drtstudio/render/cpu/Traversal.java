package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.BoxLayout.BoxNodeField;
import org.drtstudio.accel.BoxLayout.BoxPrimitiveField;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.accel.voxel.PortalShapes;
import org.drtstudio.math.RayTriangle;
import org.drtstudio.render.NodeKind;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Stackless two-level walk of the geometry image over the packed arrays, the Java twin of
 * {@code shaders/traverse.glsl}: same links, same tests, same order of float operations. At a
 * top-level leaf the ray enters the instance (origin and direction multiplied by its world-to-object
 * rows, direction not renormalised so t stays a world distance); when the shape's walk reaches END
 * it continues at that leaf's skip link. World ray directions must be unit length. With
 * {@link NodeKind#BOXES} the shape level is walked over the {@link BoxLayout} instead, nearer child
 * first with a short stack (twin of {@code traverseBoxes} in {@code shaders/traverse_box.glsl}).
 */
final class Traversal implements RayCaster {
    private final float[] nodes, prims, vertices, instances;
    /** The box layout's nodes and primitives and each instance's root link there when walking boxes ({@link NodeKind#BOXES}), else null. */
    private final float[] boxes, boxPrims;
    private final int[] boxRoots;
    /** The grid or octree walk when one was chosen ({@link AccelStructure}), else null. */
    private final SpatialTraversal spatial;
    /** With portals ({@link AccelStructure#PORTALS}): per instance its voxel shape, or null; and each shape's walker. */
    private final PortalShapes.Shape[] portalShapeOf;
    private final PortalTraversal[] portalWalkOf;
    /** The box walk's stack (one per Traversal: a Traversal serves one thread). */
    private final int[] stack = new int[BoxLayout.STACK_SIZE];
    private final long maxSteps;
    private final InstanceRows instanceRows;
    /** The top level of every walk here (one per Traversal: a Traversal serves one thread). */
    private final TopLevelWalk topLevel;

    Traversal(GeometryImage image) {
        this(image, NodeKind.DEFAULT);
    }

    /** Primitive tests the grid or octree walk has made so far (0 without one). */
    long spatialPrimitiveTests() {
        return spatial == null ? 0 : spatial.primitiveTests();
    }

    /** Shape-level bounding spheres the sphere walk has tested so far (its node visits; 0 in other walks). */
    private long sphereTests;
    /** Primitives the sphere walk has tested so far. */
    private long spherePrimitiveTests;

    long sphereTests() {
        return sphereTests;
    }

    long spherePrimitiveTests() {
        return spherePrimitiveTests;
    }

    /** Grid cells the grid walk has visited so far (0 without one). */
    long gridCellVisits() {
        return spatial == null ? 0 : spatial.cellVisits();
    }

    Traversal(GeometryImage image, NodeKind kind) {
        this(image, kind, AccelStructure.BVH);
    }

    /**
     * With a grid or an octree, the shape level is walked by {@link SpatialTraversal} instead of the
     * node kind's walk; with portals, voxel shapes through their portals and every other shape by boxes.
     */
    Traversal(GeometryImage image, NodeKind kind, AccelStructure accel) {
        this.spatial = accel.spatial() ? new SpatialTraversal(image, SpatialLayouts.of(image, accel)) : null;
        boolean portals = accel == AccelStructure.PORTALS;
        BoxLayout layout = kind == NodeKind.BOXES || portals ? BoxLayout.of(image) : null;
        this.portalShapeOf = new PortalShapes.Shape[portals ? image.instanceCount() : 0];
        this.portalWalkOf = new PortalTraversal[portalShapeOf.length];
        if (portals) {
            PortalShapes shapes = PortalShapes.of(image);
            PortalTraversal[] walkers = new PortalTraversal[shapes.shapes().size()];
            for (int k = 0; k < walkers.length; k++) walkers[k] = new PortalTraversal(shapes.shapes().get(k).space());
            int[] of = shapes.instanceShapes(image.instances(), image.instanceCount());
            for (int i = 0; i < of.length; i++) {
                if (of[i] < 0) continue;
                portalShapeOf[i] = shapes.shapes().get(of[i]);
                portalWalkOf[i] = walkers[of[i]];
            }
        }
        this.boxes = layout == null ? null : layout.nodes();
        this.boxPrims = layout == null ? null : layout.primitives();
        this.boxRoots = new int[image.instanceCount()];
        if (layout != null) {
            float[] roots = layout.instanceRoots(image.instances(), image.instanceCount());
            for (int k = 0; k < boxRoots.length; k++) boxRoots[k] = Float.floatToRawIntBits(roots[4 * k]);
        }
        this.nodes = spatial != null || boxes != null ? null : image.nodes(); // only the sphere walk reads them
        this.prims = image.primitives();
        this.vertices = image.vertices();
        this.instances = image.instances();
        // The box walk may visit two more nodes per instance (BoxLayout: a leaf root gets an inner node).
        this.maxSteps = image.stepBound() + 2L * image.instanceCount();
        this.instanceRows = new InstanceRows(image);
        this.topLevel = new TopLevelWalk(image, instanceRows);
    }

    /** The world-to-object rows of an instance at shutter time {@code time} ({@link InstanceRows}). */
    void instanceRows(int instance, float time, float[] out) {
        instanceRows.rows(instance, time, out);
    }

    @Override
    public boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit, boolean anyHit) {
        if (spatial != null) return spatial.walk(ox, oy, oz, dx, dy, dz, time, hit, anyHit);
        if (boxes != null) return walkBoxes(ox, oy, oz, dx, dy, dz, time, hit, anyHit);
        TopLevelWalk t = topLevel.start();
        int node = END, instance = -1;
        float lox = 0, loy = 0, loz = 0, ldx = 0, ldy = 0, ldz = 0;
        long steps = 0;
        boolean found = false;
        while (true) {
            if (++steps > maxSteps) {
                hit.overflow = true;
                return found;
            }
            if (node == END) {
                if (t.node == END) return found;
                if (t.enterNextInstance(ox, oy, oz, dx, dy, dz, time, hit.t)) {
                    instance = t.instance;
                    lox = t.lox;
                    loy = t.loy;
                    loz = t.loz;
                    ldx = t.ldx;
                    ldy = t.ldy;
                    ldz = t.ldz;
                    node = Float.floatToRawIntBits(instances[4 * INSTANCE_TEXELS * instance + InstanceField.ROOT]);
                }
                continue;
            }
            int b = 4 * NODE_TEXELS * node;
            sphereTests++;
            if (hitsSphere(nodes[b], nodes[b + 1], nodes[b + 2], nodes[b + 3], lox, loy, loz, ldx, ldy, ldz, hit.t)) {
                int count = Float.floatToRawIntBits(nodes[b + NodeField.PRIM_COUNT]);
                int first = Float.floatToRawIntBits(nodes[b + NodeField.PRIM_START]);
                spherePrimitiveTests += count;
                for (int p = first; p < first + count; p++) {
                    if (intersect(p, lox, loy, loz, ldx, ldy, ldz, hit)) {
                        hit.instance = instance;
                        found = true;
                        if (anyHit) return true;
                    }
                }
                node = Float.floatToRawIntBits(nodes[b + NodeField.HIT]);
            } else {
                node = Float.floatToRawIntBits(nodes[b + NodeField.MISS]);
            }
        }
    }

    /** The box layout's walk: top level as above; in a shape the nearer hit child first, the other on the stack. */
    private boolean walkBoxes(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit, boolean anyHit) {
        TopLevelWalk t = topLevel.start();
        int[] stack = this.stack;
        int node = 0, instance = -1, sp = 0;
        boolean inShape = false;
        float lox = 0, loy = 0, loz = 0, ldx = 0, ldy = 0, ldz = 0, ix = 0, iy = 0, iz = 0, oix = 0, oiy = 0, oiz = 0;
        long steps = 0;
        boolean found = false;
        while (true) {
            if (++steps > maxSteps) {
                hit.overflow = true;
                return found;
            }
            if (!inShape) {
                if (t.node == END) return found;
                if (t.enterNextInstance(ox, oy, oz, dx, dy, dz, time, hit.t)) {
                    instance = t.instance;
                    lox = t.lox;
                    loy = t.loy;
                    loz = t.loz;
                    ldx = t.ldx;
                    ldy = t.ldy;
                    ldz = t.ldz;
                    PortalShapes.Shape voxels = portalShapeOf.length > 0 ? portalShapeOf[instance] : null;
                    // From inside a solid voxel (a ray through glass) the faces are walked, as the BVH does.
                    if (voxels != null && !voxels.solidAt(lox, loy, loz)) {
                        if (walkPortals(voxels, portalWalkOf[instance], instance, lox, loy, loz, ldx, ldy, ldz, hit, anyHit)) {
                            found = true;
                            if (anyHit) return true;
                        }
                        if (hit.overflow) return found;
                        continue;
                    }
                    ix = safeInverse(ldx);
                    iy = safeInverse(ldy);
                    iz = safeInverse(ldz);
                    oix = lox * ix;
                    oiy = loy * iy;
                    oiz = loz * iz;
                    node = boxRoots[instance];
                    sp = 0;
                    inShape = true;
                }
                continue;
            }
            if (node >= 0) {
                int b = 4 * BoxLayout.NODE_TEXELS * node;
                float ta = boxEntryScaled(boxes, b + BoxNodeField.A_LO, b + BoxNodeField.A_HI, oix, oiy, oiz, ix, iy, iz, hit.t);
                float tb = boxEntryScaled(boxes, b + BoxNodeField.B_LO, b + BoxNodeField.B_HI, oix, oiy, oiz, ix, iy, iz, hit.t);
                int la = Float.floatToRawIntBits(boxes[b + BoxNodeField.LINK_A]), lb = Float.floatToRawIntBits(boxes[b + BoxNodeField.LINK_B]);
                if (ta >= 0f && tb >= 0f) {
                    if (sp == stack.length) { // BoxLayout bounds the height, so only a corrupt layout gets here
                        hit.overflow = true;
                        return found;
                    }
                    boolean aFirst = ta <= tb;
                    stack[sp++] = aFirst ? lb : la;
                    node = aFirst ? la : lb;
                    continue;
                }
                if (ta >= 0f || tb >= 0f) {
                    node = ta >= 0f ? la : lb;
                    continue;
                }
            } else {
                int word = ~node;
                int start = word >> BoxLayout.LEAF_COUNT_BITS, end = start + (word & BoxLayout.LEAF_COUNT_MASK);
                for (int p = start; p < end; p++) {
                    if (intersectLeafPrimitive(p, lox, loy, loz, ldx, ldy, ldz, hit)) {
                        hit.instance = instance;
                        found = true;
                        if (anyHit) return true;
                    }
                }
            }
            if (sp == 0) inShape = false;
            else node = stack[--sp];
        }
    }

    /**
     * The closest voxel face on the object-space ray below hit.t, as a hit on the image's triangle of
     * that face (twin of walkPortalShape in {@code shaders/traverse_portals.glsl}): the face's two
     * triangles are intersected as the box walk does, so distance and barycentrics are the box walk's;
     * where rounding at the square's edges lets both miss, the portal's distance stands, on the first.
     */
    private boolean walkPortals(PortalShapes.Shape shape, PortalTraversal walk, int instance, float ox, float oy, float oz,
                                float dx, float dy, float dz, Hit hit, boolean anyHit) {
        if (!walk.closest(ox, oy, oz, dx, dy, dz, hit.t)) {
            if (walk.overflow) hit.overflow = true;
            return false;
        }
        if (anyHit) {
            hit.t = walk.t;
            hit.instance = instance;
            return true;
        }
        int dir = 2 * walk.normalAxis + (walk.normalSign > 0 ? 1 : 0);
        int first = shape.triangle(walk.cell, dir, false);
        if (!intersectLeafPrimitive(first, ox, oy, oz, dx, dy, dz, hit)
                && !intersectLeafPrimitive(shape.triangle(walk.cell, dir, true), ox, oy, oz, dx, dy, dz, hit)) {
            hit.t = walk.t;
            hit.primitive = first;
            hit.u = hit.v = 0f;
        }
        hit.instance = instance;
        return true;
    }

    /**
     * Where the ray enters the box (lo at {@code box[lo..]}, hi at {@code box[hi..]}) within [0, tMax],
     * or -1 when it does not meet it there; i = 1 / d. The operations of {@link #hitsBox}.
     */
    static float boxEntry(float[] box, int lo, int hi, float ox, float oy, float oz, float ix, float iy, float iz, float tMax) {
        float t0x = (box[lo] - ox) * ix, t1x = (box[hi] - ox) * ix;
        float t0y = (box[lo + 1] - oy) * iy, t1y = (box[hi + 1] - oy) * iy;
        float t0z = (box[lo + 2] - oz) * iz, t1z = (box[hi + 2] - oz) * iz;
        float enter = Math.max(Math.max(Math.min(t0x, t1x), Math.min(t0y, t1y)), Math.max(Math.min(t0z, t1z), 0f));
        float leave = Math.min(Math.min(Math.max(t0x, t1x), Math.max(t0y, t1y)), Math.min(Math.max(t0z, t1z), tMax));
        return enter <= leave ? enter : -1f;
    }

    /**
     * {@link #boxEntry} with the origin scaled beforehand (oi = o * i): each slab distance is
     * fma(lo, i, -oi), one fused multiply-add as in the GLSL twin (boxEntryScaled in traverse_box.glsl).
     */
    static float boxEntryScaled(float[] box, int lo, int hi, float oix, float oiy, float oiz, float ix, float iy, float iz, float tMax) {
        float t0x = Math.fma(box[lo], ix, -oix), t1x = Math.fma(box[hi], ix, -oix);
        float t0y = Math.fma(box[lo + 1], iy, -oiy), t1y = Math.fma(box[hi + 1], iy, -oiy);
        float t0z = Math.fma(box[lo + 2], iz, -oiz), t1z = Math.fma(box[hi + 2], iz, -oiz);
        float enter = Math.max(Math.max(Math.min(t0x, t1x), Math.min(t0y, t1y)), Math.max(Math.min(t0z, t1z), 0f));
        float leave = Math.min(Math.min(Math.max(t0x, t1x), Math.max(t0y, t1y)), Math.min(Math.max(t0z, t1z), tMax));
        return enter <= leave ? enter : -1f;
    }

    /** 1 / d, with a zero d replaced by ±1e-20 so the slab test never forms 0 × ∞ (twin of safeInverse in GLSL). */
    static float safeInverse(float d) {
        return 1f / (Math.abs(d) < 1e-20f ? (d >= 0f ? 1e-20f : -1e-20f) : d);
    }

    /** Whether the ray o + t d meets the box with corners at {@code lo} and {@code hi} of {@code box} for some t in [0, tMax]; i = 1 / d. */
    static boolean hitsBox(float[] box, int lo, int hi, float ox, float oy, float oz, float ix, float iy, float iz, float tMax) {
        float t0x = (box[lo] - ox) * ix, t1x = (box[hi] - ox) * ix;
        float t0y = (box[lo + 1] - oy) * iy, t1y = (box[hi + 1] - oy) * iy;
        float t0z = (box[lo + 2] - oz) * iz, t1z = (box[hi + 2] - oz) * iz;
        float enter = Math.max(Math.max(Math.min(t0x, t1x), Math.min(t0y, t1y)), Math.max(Math.min(t0z, t1z), 0f));
        float leave = Math.min(Math.min(Math.max(t0x, t1x), Math.max(t0y, t1y)), Math.min(Math.max(t0z, t1z), tMax));
        return enter <= leave;
    }

    /** Whether the ray o + t d (d of any length) meets the bounding sphere for some t in [0, tMax]. */
    static boolean hitsSphere(float cx, float cy, float cz, float r, float ox, float oy, float oz,
                              float dx, float dy, float dz, float tMax) {
        float a = dx * dx + dy * dy + dz * dz;
        float ocx = cx - ox, ocy = cy - oy, ocz = cz - oz;
        float tca = (ocx * dx + ocy * dy + ocz * dz) / a;
        float px = ocx - tca * dx, py = ocy - tca * dy, pz = ocz - tca * dz;
        float d2 = px * px + py * py + pz * pz;
        float r2 = r * r;
        if (d2 > r2) return false;
        float thc = (float) Math.sqrt((r2 - d2) / a);
        return tca + thc >= 0f && tca - thc <= tMax;
    }

    private boolean intersect(int p, float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        int b = 4 * PRIMITIVE_TEXELS * p;
        int kind = kindOf(Float.floatToRawIntBits(prims[b + 3]));
        int a = 4 * VERTEX_TEXELS * Float.floatToRawIntBits(prims[b]);
        if (kind != KIND_TRIANGLE)
            return intersectSphere(p, vertices[a], vertices[a + 1], vertices[a + 2], vertices[a + 3], ox, oy, oz, dx, dy, dz, hit);
        int i1 = 4 * VERTEX_TEXELS * Float.floatToRawIntBits(prims[b + 1]);
        int i2 = 4 * VERTEX_TEXELS * Float.floatToRawIntBits(prims[b + 2]);
        float v0x = vertices[a], v0y = vertices[a + 1], v0z = vertices[a + 2];
        return intersectTriangle(p, v0x, v0y, v0z,
                vertices[i1] - v0x, vertices[i1 + 1] - v0y, vertices[i1 + 2] - v0z,
                vertices[i2] - v0x, vertices[i2 + 1] - v0y, vertices[i2 + 2] - v0z, ox, oy, oz, dx, dy, dz, hit);
    }

    /** Primitive p from the box layout's own copy (v0 and the edges, or centre and radius). */
    private boolean intersectLeafPrimitive(int p, float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        float[] q = boxPrims;
        int b = 4 * BoxLayout.PRIMITIVE_TEXELS * p;
        if (Float.floatToRawIntBits(q[b + BoxPrimitiveField.KIND]) != KIND_TRIANGLE)
            return intersectSphere(p, q[b], q[b + 1], q[b + 2], q[b + BoxPrimitiveField.RADIUS], ox, oy, oz, dx, dy, dz, hit);
        return intersectTriangle(p, q[b], q[b + 1], q[b + 2],
                q[b + BoxPrimitiveField.E1], q[b + BoxPrimitiveField.E1 + 1], q[b + BoxPrimitiveField.E1 + 2],
                q[b + BoxPrimitiveField.E2], q[b + BoxPrimitiveField.E2 + 1], q[b + BoxPrimitiveField.E2 + 2],
                ox, oy, oz, dx, dy, dz, hit);
    }

    /** Möller–Trumbore ({@link RayTriangle}) on v0 and the two edges (v1 - v0, v2 - v0); t is in units of the direction's length. */
    static boolean intersectTriangle(int p, float v0x, float v0y, float v0z, float e1x, float e1y, float e1z,
                                             float e2x, float e2y, float e2z,
                                             float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        float t = RayTriangle.intersect(v0x, v0y, v0z, e1x, e1y, e1z, e2x, e2y, e2z, ox, oy, oz, dx, dy, dz, hit.barycentric);
        if (!(t > 0f && t < hit.t)) return false;
        hit.t = t;
        hit.primitive = p;
        hit.u = hit.barycentric[0];
        hit.v = hit.barycentric[1];
        return true;
    }

    static boolean intersectSphere(int p, float cx, float cy, float cz, float r,
                                           float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        float a = dx * dx + dy * dy + dz * dz;
        float ocx = ox - cx, ocy = oy - cy, ocz = oz - cz;
        float bb = (ocx * dx + ocy * dy + ocz * dz) / a;
        // Distance² from the centre to the ray's closest point: stable where b² - c would cancel.
        float fx = ocx - bb * dx, fy = ocy - bb * dy, fz = ocz - bb * dz;
        float disc = (r * r - (fx * fx + fy * fy + fz * fz)) / a;
        if (disc < 0f) return false;
        float s = (float) Math.sqrt(disc);
        float t = -bb - s;
        if (!(t > 0f)) t = -bb + s;
        if (!(t > 0f && t < hit.t)) return false;
        hit.t = t;
        hit.primitive = p;
        return true;
    }
}
