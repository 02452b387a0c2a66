package org.drtstudio.accel.spatial;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.DeferredFloats;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.ShapePrimitives;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.grid.GridInsertion;
import org.drtstudio.accel.grid.GridResolution;
import org.drtstudio.accel.grid.UniformGridBuilder;
import org.drtstudio.accel.octree.BruteForceListBuilder;
import org.drtstudio.accel.octree.OctreeLimits;
import org.drtstudio.accel.octree.SkipListOctreeBuilder;
import org.drtstudio.accel.octree.StraddlingOctreeBuilder;

import java.util.List;

/**
 * Builds the spatial structure a tracer walks for an image, and keeps the last one built per
 * structure: the studio's preview and progressive passes hand the same shape level again and again
 * (a transform edit keeps the shape-level arrays, {@link GeometryImage}), and a grid or an octree of
 * a large mesh takes seconds to build.
 */
public final class SpatialLayouts {
    private SpatialLayouts() {
    }

    /**
     * The settings a build uses; {@link #DEFAULT} unless a benchmark sweeps them.
     *
     * @param octree           the split-and-copy octree's limits ({@code --accel octree})
     * @param straddlingOctree the report's octree's limits ({@code --accel octree-report}): its leaf size is the per-box limit
     * @param gridInsertion    which cells of the grid list a triangle ({@code drt render --grid-insert})
     */
    public record Settings(GridResolution grid, OctreeLimits octree, OctreeLimits straddlingOctree, GridInsertion gridInsertion) {
        public static final Settings DEFAULT = new Settings(GridResolution.DEFAULT, OctreeLimits.DEFAULT);

        /** With the report's octree at its default limits and the default grid insertion. */
        public Settings(GridResolution grid, OctreeLimits octree) {
            this(grid, octree, StraddlingOctreeBuilder.DEFAULT_LIMITS, GridInsertion.DEFAULT);
        }

        public Settings withGrid(GridResolution resolution) {
            return new Settings(resolution, octree, straddlingOctree, gridInsertion);
        }

        public Settings withGridInsertion(GridInsertion insertion) {
            return new Settings(grid, octree, straddlingOctree, insertion);
        }
    }

    private record Cached(DeferredFloats nodes, float[] primitives, Settings settings, SpatialLayout layout) {
    }

    private static final Cached[] LAST = new Cached[AccelStructure.values().length];
    /**
     * The settings the tracers' builds use: process-wide, like a system property, since both tracers
     * build deep inside their upload and traversal set-up; {@code drt render --grid-cells} and the
     * benchmark's grid-resolution sweep set it.
     */
    private static volatile Settings current = Settings.DEFAULT;

    public static Settings settings() {
        return current;
    }

    public static void setSettings(Settings settings) {
        current = java.util.Objects.requireNonNull(settings);
    }

    /** The structure for {@code image} with the current {@link #settings()}, built once per shape level. */
    public static SpatialLayout of(GeometryImage image, AccelStructure structure) {
        return of(image, structure, current);
    }

    /**
     * The structure for {@code image}; reused while the shape level (its node and primitive arrays,
     * by identity) and the settings are the same as last time.
     *
     * @throws IllegalArgumentException for a structure that is not {@link AccelStructure#spatial()}
     */
    public static SpatialLayout of(GeometryImage image, AccelStructure structure, Settings settings) {
        if (!structure.spatial()) throw new IllegalArgumentException(structure.cliName() + " is not a grid or an octree");
        synchronized (LAST) {
            Cached c = LAST[structure.ordinal()];
            if (c != null && c.nodes == image.sphereNodes() && c.primitives == image.primitives() && c.settings.equals(settings)) return c.layout;
        }
        SpatialLayout layout = build(image, structure, settings);
        synchronized (LAST) {
            LAST[structure.ordinal()] = new Cached(image.sphereNodes(), image.primitives(), settings, layout);
        }
        return layout;
    }

    /** A new build (no cache): what the benchmarks time. */
    public static SpatialLayout build(GeometryImage image, AccelStructure structure, Settings settings) {
        boolean triangles = structure == AccelStructure.GRID && settings.gridInsertion() == GridInsertion.TRIANGLES;
        List<ShapePrimitives> shapes = ShapePrimitives.of(image, triangles);
        return switch (structure) {
            case GRID -> UniformGridBuilder.build(shapes, settings.grid(), settings.gridInsertion());
            case OCTREE -> SkipListOctreeBuilder.build(shapes, settings.octree());
            case OCTREE_REPORT -> StraddlingOctreeBuilder.build(shapes, settings.straddlingOctree());
            case BRUTE -> BruteForceListBuilder.build(shapes);
            case BVH, PORTALS -> throw new IllegalArgumentException(structure.cliName() + " is not a grid or an octree");
        };
    }
}
