package org.drtstudio.cli;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.octree.OctreeStatistics;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.math.Aabb;
import org.drtstudio.render.multigpu.DeviceTimes;
import org.drtstudio.render.Renderer;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.Scene;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The console report the CUDA octree report's tracer prints after a frame (its extent, the octree's
 * box count and most triangles in one box, the lights, each GPU's time), as {@code drt render -v}
 * prints it; {@code drt info --accel octree} prints the same structure line. The octree's numbers are
 * read back from the words the tracers walk ({@link OctreeStatistics}).
 */
final class RenderReport {
    private RenderReport() {
    }

    /** The lines for one rendered frame of {@code scene}, traced by {@code renderer} in {@code seconds}. */
    static List<String> lines(Scene scene, GeometryImage image, AccelStructure accel, Renderer renderer, double seconds) {
        List<String> out = new ArrayList<>();
        Aabb b = SceneFraming.bounds(scene.root());
        out.add(String.format(Locale.ROOT, "extent      min (%s)  max (%s)", b.min(), b.max()));
        String structure = structureLine(image, accel);
        if (structure != null) out.add(structure);
        out.add(lightsLine(scene.lights()));
        out.add(timesLine(renderer, seconds));
        return out;
    }

    /**
     * What {@code --accel} built for the image, or null for the BVH and portals (their numbers are
     * {@code drt info}'s hierarchy and portal lines). Built once per shape level and kept
     * ({@link SpatialLayouts}): the tracers' own build, not another.
     */
    static String structureLine(GeometryImage image, AccelStructure accel) {
        if (!accel.spatial()) return null;
        SpatialLayout layout = SpatialLayouts.of(image, accel);
        if (!accel.octree()) {
            return String.format(Locale.ROOT, "grid        %,d shapes, %,d bytes, built in %.1f ms", layout.rootTexels().length,
                    layout.bytes(), layout.buildNanos() / 1e6);
        }
        OctreeStatistics s = OctreeStatistics.of(layout);
        String what = image.sphereCount() == 0 ? "triangles" : "primitives";
        return String.format(Locale.ROOT, "octree      %s: %,d boxes (%,d hold a list of %s, %,d of them inner boxes), at most %,d %s per box, "
                        + "%,d listed in all, depth %d, %,d bytes, built in %.1f ms", accel.cliName(), s.boxes(), s.listedBoxes(), what,
                s.innerListed(), s.maxPerBox(), what, s.entries(), s.maxDepth(), layout.bytes(), layout.buildNanos() / 1e6);
    }

    static String lightsLine(List<Light> lights) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "lights      %d", lights.size()));
        for (int i = 0; i < lights.size(); i++) {
            Light l = lights.get(i);
            String kind = l instanceof RectLight ? "rectangle" : l instanceof PointLight ? "point" : "sphere r " + l.radius();
            line.append(i == 0 ? ": " : "; ").append(String.format(Locale.ROOT, "%s at (%s) colour (%s)", kind, l.position(), l.color()));
        }
        return line.toString();
    }

    /** Each GPU's time where the tracer splits frames across several, else the one device's. */
    static String timesLine(Renderer renderer, double seconds) {
        if (renderer instanceof DeviceTimes d && d.lastDeviceMillis().length > 0) {
            double[] ms = d.lastDeviceMillis();
            StringBuilder line = new StringBuilder("times      ");
            for (int i = 0; i < ms.length; i++) {
                line.append(i == 0 ? " " : ", ").append(String.format(Locale.ROOT, "GPU %d %.1f ms", d.deviceNumbers().get(i), ms[i]));
            }
            return line.append(String.format(Locale.ROOT, "; frame %.1f ms", seconds * 1e3)).toString();
        }
        return String.format(Locale.ROOT, "times       %s: frame %.1f ms", renderer.description(), seconds * 1e3);
    }
}
