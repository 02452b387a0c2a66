package org.drtstudio.accel;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The acceleration structure both tracers walk inside each shape (the top level of instances is the
 * geometry image's sphere walk for all of them). Every structure reads the same packed primitives,
 * materials and lights, so the picture is the same; only build time, memory and speed differ
 * (docs/BENCHMARKS.md, "Acceleration structures"). Adding a structure is one constant here, its
 * builder in {@code accel.spatial.SpatialLayouts} and its walk in both tracers.
 */
public enum AccelStructure {
    /** The geometry image's hierarchy: the box layout (or spheres with {@code --nodes spheres}); today's walk. */
    BVH("bvh"),
    /** A uniform grid per shape walked by a 3D-DDA (Amanatides &amp; Woo; Christen 2005's GPU Whitted tracer). */
    GRID("grid"),
    /**
     * An octree per shape whose primitives are copied into every child they touch, flattened in
     * pre-order with skip links and walked without a stack ({@code accel.octree.SkipListOctreeBuilder});
     * this program's construction, measured against the report's in docs/ACCEL.md.
     */
    OCTREE("octree"),
    /**
     * The CUDA octree report's construction: primitives that straddle a box's children stay in the box,
     * so inner boxes list primitives too and none is copied ({@code accel.octree.StraddlingOctreeBuilder});
     * the same layout and walk as {@link #OCTREE}.
     */
    OCTREE_REPORT("octree-report"),
    /**
     * The OpenCL sphere caster's brute force (issue 42): every ray that meets a shape's bounds is tested
     * against every primitive of the shape, one list in the octree layout walked by the octree walk
     * ({@code accel.octree.BruteForceListBuilder}). For measurements, not for use: not in {@link #forMeshes()}.
     */
    BRUTE("brute"),
    /**
     * Voxel spaces through their div portals (Edwards 2014, docs/VOXELS.md); every other shape, and
     * a ray starting inside a solid voxel, through the box layout as {@link #BVH}.
     */
    PORTALS("portals");

    public static final AccelStructure DEFAULT = BVH;

    private final String cliName;

    AccelStructure(String cliName) {
        this.cliName = cliName;
    }

    /** Whether this is a grid or an octree built per shape ({@code accel.spatial.SpatialLayouts}). */
    public boolean spatial() {
        return this == GRID || octree();
    }

    /** Whether this is one of the octree constructions, brute force's one box included (one layout, one walk). */
    public boolean octree() {
        return this == OCTREE || this == OCTREE_REPORT || this == BRUTE;
    }

    /** The structures that differ on meshes (portals walk meshes as the BVH does): what mesh benchmarks compare. */
    public static java.util.List<AccelStructure> forMeshes() {
        return java.util.List.of(BVH, GRID, OCTREE, OCTREE_REPORT);
    }

    /** The name on the command line and in benchmark reports. */
    public String cliName() {
        return cliName;
    }

    /** The names accepted by {@link #parse}, for messages: "bvh|grid|octree|portals". */
    public static String choices() {
        return Arrays.stream(values()).map(AccelStructure::cliName).collect(Collectors.joining("|"));
    }

    /**
     * The structure named {@code text} (case and surrounding blanks ignored).
     *
     * @throws IllegalArgumentException naming the value and the choices
     */
    public static AccelStructure parse(String text) {
        String name = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (AccelStructure s : values()) if (s.cliName.equals(name)) return s;
        throw new IllegalArgumentException("--accel must be " + choices().replace("|", ", ") + ", got '" + text + "'");
    }
}
