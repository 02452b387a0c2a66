package org.drtstudio.accel.voxel;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.DeferredFloats;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.scene.VoxelSpace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The voxel shapes of a geometry image made ready for the portal walk ({@code --accel portals}):
 * per shape the {@link PortalSpace} of its voxel space and a face table naming, for every exposed
 * face of every solid voxel, the image's two triangles of that face. A portal hit so becomes a hit
 * on a geometry-image primitive, shaded exactly as the BVH's hit on the same face (normals,
 * materials, textures, AOVs). Packed for the GPU as {@link PortalLayout} describes.
 *
 * <p>A shape's claim to be a voxel space's faces ({@code TriangleMesh#voxels()}) is checked
 * triangle by triangle: each must be half of a unit square on an exposed face of a solid voxel,
 * facing out of it, two per face, and every exposed face must be there. A shape that fails is
 * left to the box walk and named in {@link #refused()}.
 */
public final class PortalShapes {
    /**
     * One voxel shape: its sphere root in the image, its portal space, and per cell its face slot
     * ({@link PortalLayout#NO_FACE} for none), per slot {@link PortalLayout#FACE_INTS} primitive indices.
     */
    public record Shape(int sphereRoot, PortalSpace space, int[] faceSlots, int[] faces) {
        /** Whether the object-space point lies in a solid voxel of the space (a ray from there is walked as faces). */
        public boolean solidAt(float x, float y, float z) {
            int i = (int) Math.floor(x - space.originX()), j = (int) Math.floor(y - space.originY()),
                    k = (int) Math.floor(z - space.originZ());
            if (i < 0 || j < 0 || k < 0 || i >= space.sizeX() || j >= space.sizeY() || k >= space.sizeZ()) return false;
            return space.entry()[i + space.sizeX() * (j + space.sizeY() * k)] < 0;
        }

        /** The first of the two triangles of face {@code dir} (0…5: −x, +x, −y, +y, −z, +z) of the voxel in {@code cell}; {@code second} for the other. */
        public int triangle(int cell, int dir, boolean second) {
            int slot = faceSlots[cell];
            return slot < 0 ? PortalLayout.NO_FACE : faces[PortalLayout.FACE_INTS * slot + 2 * dir + (second ? 1 : 0)];
        }
    }

    /**
     * Cells of one voxel space at most for a portal build (256³): the build holds about 16 bytes a
     * cell (entry grid, face slots, candidate lists) besides the divs' portal texels, and takes
     * seconds at 96³ on two cores. Larger spaces are walked as faces.
     */
    public static final long MAX_CELLS = 1L << 24;

    private final List<Shape> shapes;
    private final List<String> refused;
    private final PortalChoice choice;
    private final int[] headers, divs, portals, entry, faces;

    private PortalShapes(List<Shape> shapes, List<String> refused, PortalChoice choice) {
        this.shapes = List.copyOf(shapes);
        this.refused = List.copyOf(refused);
        this.choice = choice;
        int divInts = 0, portalInts = 0, cells = 0, slots = 0;
        for (Shape s : shapes) {
            divInts += s.space.divs().length;
            portalInts += s.space.portals().length;
            cells += s.faceSlots.length;
            slots += s.faces.length;
        }
        headers = new int[PortalLayout.SHAPE_INTS * shapes.size()];
        divs = new int[divInts];
        portals = new int[portalInts];
        entry = new int[cells];
        faces = new int[cells + slots];
        int d = 0, p = 0, c = 0, f = cells;
        for (int k = 0; k < shapes.size(); k++) {
            Shape s = shapes.get(k);
            PortalSpace sp = s.space;
            int h = PortalLayout.SHAPE_INTS * k;
            int[] size = {sp.sizeX(), sp.sizeY(), sp.sizeZ()}, origin = {sp.originX(), sp.originY(), sp.originZ()};
            System.arraycopy(size, 0, headers, h + PortalLayout.SHAPE_SIZE, 3);
            System.arraycopy(origin, 0, headers, h + PortalLayout.SHAPE_ORIGIN, 3);
            headers[h + PortalLayout.SHAPE_DIV_BASE] = d / PortalLayout.DIV_INTS;
            headers[h + PortalLayout.SHAPE_PORTAL_BASE] = p;
            headers[h + PortalLayout.SHAPE_ENTRY_BASE] = c;
            headers[h + PortalLayout.SHAPE_FACE_BASE] = f;
            System.arraycopy(sp.divs(), 0, divs, d, sp.divs().length);
            System.arraycopy(sp.portals(), 0, portals, p, sp.portals().length);
            System.arraycopy(sp.entry(), 0, entry, c, sp.entry().length);
            System.arraycopy(s.faceSlots, 0, faces, c, s.faceSlots.length);
            System.arraycopy(s.faces, 0, faces, f, s.faces.length);
            d += sp.divs().length;
            p += sp.portals().length;
            c += s.faceSlots.length;
            f += s.faces.length;
        }
    }

    private record Cached(DeferredFloats nodes, float[] primitives, PortalBuild build, PortalShapes shapes) {
    }

    private static Cached last;
    /**
     * How {@link #of(GeometryImage)} builds: set by {@code drt render} for the whole run (like the
     * grid's {@code SpatialLayouts.setSettings}); every render states it, so nothing is left behind.
     */
    private static volatile PortalBuild defaultBuild = PortalBuild.DEFAULT;

    public static void setDefaultBuild(PortalBuild build) {
        defaultBuild = java.util.Objects.requireNonNull(build);
    }

    public static PortalBuild defaultBuild() {
        return defaultBuild;
    }

    /**
     * The portal shapes of {@code image} by {@link #defaultBuild()}, built once per
     * shape level: the studio's preview hands the same shape level again after every transform edit,
     * and a portal build takes from milliseconds to seconds.
     */
    public static PortalShapes of(GeometryImage image) {
        return of(image, defaultBuild);
    }

    public static PortalShapes of(GeometryImage image, PortalBuild how) {
        synchronized (PortalShapes.class) {
            Cached c = last;
            if (c != null && c.nodes == image.sphereNodes() && c.primitives == image.primitives() && c.build.equals(how)) return c.shapes;
        }
        PortalShapes built = build(image, how);
        synchronized (PortalShapes.class) {
            last = new Cached(image.sphereNodes(), image.primitives(), how, built);
        }
        return built;
    }

    /** A new build (no cache) over the default number of candidates. */
    public static PortalShapes build(GeometryImage image, PortalChoice choice) {
        return build(image, new PortalBuild(choice, PortalBuilder.DEFAULT_CANDIDATES));
    }

    /** A new build (no cache). */
    public static PortalShapes build(GeometryImage image, PortalBuild how) {
        PortalChoice choice = how.choice();
        List<Shape> shapes = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        if (!image.voxelShapes().isEmpty()) {
            Map<Integer, ShapePrimitives> byRoot = new HashMap<>();
            for (ShapePrimitives s : ShapePrimitives.of(image)) byRoot.put(s.sphereRoot(), s);
            float[] leafPrimitives = BoxLayout.of(image).primitives();
            for (GeometryImage.VoxelShape v : image.voxelShapes()) {
                ShapePrimitives prims = byRoot.get(v.sphereRoot());
                String problem = prims == null ? "no shape at root " + v.sphereRoot()
                        : v.space().cellCount() > MAX_CELLS ? "its " + v.space().cellCount() + " cells are more than the portals' "
                        + MAX_CELLS + " (their build holds about 16 bytes a cell)" : null;
                FaceTable table = problem == null ? FaceTable.of(v.space(), prims.indices(), leafPrimitives) : null;
                if (table != null && table.problem != null) problem = table.problem;
                if (problem != null) {
                    refused.add("voxel shape at root " + v.sphereRoot() + ": " + problem);
                    continue;
                }
                shapes.add(new Shape(v.sphereRoot(), PortalBuilder.build(v.space(), choice, how.candidates()), table.slots, table.faces));
            }
        }
        return new PortalShapes(shapes, refused, choice);
    }

    /** The shapes walked by portals, in the order of the image's voxel shapes. */
    public List<Shape> shapes() {
        return shapes;
    }

    /** Voxel shapes whose faces did not match their space, walked as faces instead, each with the reason. */
    public List<String> refused() {
        return refused;
    }

    public PortalChoice choice() {
        return choice;
    }

    /**
     * Per instance of the image, the index in {@link #shapes()} of the shape it places, or −1 for
     * one walked by the box layout.
     */
    public int[] instanceShapes(float[] instances, int instanceCount) {
        Map<Integer, Integer> byRoot = new HashMap<>();
        for (int k = 0; k < shapes.size(); k++) byRoot.put(shapes.get(k).sphereRoot, k);
        int[] out = new int[instanceCount];
        for (int i = 0; i < instanceCount; i++) {
            int root = Float.floatToRawIntBits(instances[4 * GeometryImageLayout.INSTANCE_TEXELS * i + 4 * GeometryImageLayout.INSTANCE_SHAPE]);
            out[i] = byRoot.getOrDefault(root, -1);
        }
        return out;
    }

    /** Shape headers, {@link PortalLayout#SHAPE_INTS} ints each. */
    public int[] headers() {
        return headers;
    }

    public int[] divs() {
        return divs;
    }

    public int[] portals() {
        return portals;
    }

    public int[] entry() {
        return entry;
    }

    /** Face slots per cell (aligned with {@link #entry()}), then the face records. */
    public int[] faces() {
        return faces;
    }

    /** Bytes the packed arrays take on the GPU. */
    public long bytes() {
        return 4L * (headers.length + divs.length + portals.length + entry.length + faces.length);
    }

    /** A shape's triangles sorted onto the exposed faces of its voxel space, or the first problem found. */
    private static final class FaceTable {
        int[] slots, faces;
        String problem;

        static FaceTable of(VoxelSpace space, int[] primitives, float[] leafPrimitives) {
            FaceTable t = new FaceTable();
            long cells = space.cellCount();
            t.slots = new int[Math.toIntExact(cells)];
            Arrays.fill(t.slots, PortalLayout.NO_FACE);
            int[] faces = new int[PortalLayout.FACE_INTS * 64];
            int slotCount = 0;
            int[] origin = {space.originX(), space.originY(), space.originZ()};
            float[] v = new float[9];
            for (int p : primitives) {
                int b = 4 * BoxLayout.PRIMITIVE_TEXELS * p;
                if (Float.floatToRawIntBits(leafPrimitives[b + 3]) != GeometryImageLayout.KIND_TRIANGLE)
                    return t.fail("primitive " + p + " is not a triangle");
                for (int a = 0; a < 3; a++) {
                    v[a] = leafPrimitives[b + a];
                    v[3 + a] = v[a] + leafPrimitives[b + 4 + a];
                    v[6 + a] = v[a] + leafPrimitives[b + 8 + a];
                }
                for (float x : v) if (x != Math.rint(x)) return t.fail("triangle " + p + " has a corner off the integer grid");
                int axis = -1;
                for (int a = 0; a < 3; a++) if (v[a] == v[3 + a] && v[a] == v[6 + a]) axis = a;
                if (axis < 0) return t.fail("triangle " + p + " is not axis-aligned");
                int u = (axis + 1) % 3, w = (axis + 2) % 3;
                float eu1 = v[3 + u] - v[u], ew1 = v[3 + w] - v[w], eu2 = v[6 + u] - v[u], ew2 = v[6 + w] - v[w];
                float normal = eu1 * ew2 - ew1 * eu2; // the triangle's normal along the axis
                int lowU = (int) Math.min(v[u], Math.min(v[3 + u], v[6 + u])), highU = (int) Math.max(v[u], Math.max(v[3 + u], v[6 + u]));
                int lowW = (int) Math.min(v[w], Math.min(v[3 + w], v[6 + w])), highW = (int) Math.max(v[w], Math.max(v[3 + w], v[6 + w]));
                if (normal == 0 || highU - lowU != 1 || highW - lowW != 1) return t.fail("triangle " + p + " is not half of a unit face");
                boolean positive = normal > 0;
                int[] cell = new int[3];
                cell[axis] = (int) v[axis] - (positive ? 1 : 0) - origin[axis];
                cell[u] = lowU - origin[u];
                cell[w] = lowW - origin[w];
                int[] beyond = cell.clone();
                beyond[axis] += positive ? 1 : -1;
                if (!space.solid(cell[0], cell[1], cell[2]) || space.solid(beyond[0], beyond[1], beyond[2]))
                    return t.fail("triangle " + p + " is not on an exposed face of a solid voxel");
                int c = space.index(cell[0], cell[1], cell[2]);
                if (t.slots[c] < 0) {
                    if (PortalLayout.FACE_INTS * (slotCount + 1) > faces.length) faces = Arrays.copyOf(faces, 2 * faces.length);
                    Arrays.fill(faces, PortalLayout.FACE_INTS * slotCount, PortalLayout.FACE_INTS * (slotCount + 1), PortalLayout.NO_FACE);
                    t.slots[c] = slotCount++;
                }
                int at = PortalLayout.FACE_INTS * t.slots[c] + 2 * (2 * axis + (positive ? 1 : 0));
                if (faces[at] == PortalLayout.NO_FACE) faces[at] = p;
                else if (faces[at + 1] == PortalLayout.NO_FACE) faces[at + 1] = p;
                else return t.fail("three triangles on one voxel face (triangle " + p + ")");
            }
            long exposed = org.drtstudio.scene.voxel.VoxelMesher.exposedFaces(space);
            if (primitives.length != 2 * exposed)
                return t.fail(primitives.length + " triangles for " + exposed + " exposed faces");
            t.faces = Arrays.copyOf(faces, PortalLayout.FACE_INTS * slotCount);
            return t;
        }

        private FaceTable fail(String why) {
            problem = why;
            return this;
        }
    }
}
