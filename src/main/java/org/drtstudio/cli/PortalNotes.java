package org.drtstudio.cli;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.voxel.PortalShapes;

import java.io.PrintWriter;

/**
 * What {@code --accel portals} will walk, said before the render: the voxel spaces, their divs,
 * bytes and build time, or that the scene has none (then every mesh is walked as with bvh), and any
 * voxel shape whose faces did not match its space. Builds the portals once here; the tracers reuse
 * the build ({@link PortalShapes#of} keeps the last).
 */
final class PortalNotes {
    private PortalNotes() {
    }

    static void print(GeometryImage image, PrintWriter err) {
        if (image.voxelShapes().isEmpty()) {
            err.println("drt: --accel portals: the scene has no voxel models; its meshes are walked as with --accel bvh");
            return;
        }
        long t0 = System.nanoTime();
        PortalShapes shapes = PortalShapes.of(image);
        double ms = (System.nanoTime() - t0) / 1e6;
        int divs = 0;
        for (PortalShapes.Shape s : shapes.shapes()) divs += s.space().divCount();
        for (String r : shapes.refused()) err.println("drt: warning: --accel portals: " + r + "; walked as faces");
        var how = PortalShapes.defaultBuild();
        String build = how.equals(org.drtstudio.accel.voxel.PortalBuild.DEFAULT) ? ""
                : " (" + how.choice().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ", "
                + (how.candidates() == org.drtstudio.accel.voxel.PortalBuilder.ALL_CANDIDATES ? "every covering div" : how.candidates() + " candidates") + ")";
        err.printf("drt: portals: %d voxel space%s, %,d divs, %.1f MB, built in %.0f ms%s%n", shapes.shapes().size(),
                shapes.shapes().size() == 1 ? "" : "s", divs, shapes.bytes() / 1e6, ms, build);
    }
}
