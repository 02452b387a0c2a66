package org.drtstudio.cli;

import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.render.Renderer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where the time went from the scene file to the first rendered frame, phase by phase, for
 * {@code drt render -v}: the reader's phases (read + parse, triangles + normals, framing), the
 * builder's (hierarchy, packing, box layout), the tracer's start (a GPU context and its shaders),
 * the upload of the geometry image with its rate, and the first frame's tracing. A user waiting
 * for a model of tens of millions of triangles sees which phase to blame; issue 41 asks for the file
 * to the first traced pixel in 2 s (use {@code --spp 1} for that figure).
 */
final class LoadPhases {
    private LoadPhases() {
    }

    /**
     * @param importPhases     the reader's phases, or empty when it times none
     * @param importMillis     the whole reading, used when there are no phases
     * @param build            the geometry image builder's timings of the first frame's image
     * @param startMillis      starting the tracer
     * @param upload           the first frame's upload ({@link Renderer#lastUpload()})
     * @param firstFrameMillis the first frame, upload included
     */
    static List<TimedPhase> phases(List<TimedPhase> importPhases, double importMillis, GeometryImageBuilder.Timings build,
                                   double startMillis, Renderer.Upload upload, double firstFrameMillis) {
        List<TimedPhase> phases = new ArrayList<>(importPhases.isEmpty() ? List.of(new TimedPhase("read", importMillis)) : importPhases);
        phases.add(new TimedPhase("hierarchy", build.hierarchyMillis()));
        phases.add(new TimedPhase("packing", build.packMillis()));
        phases.add(new TimedPhase("box layout", build.boxLayoutMillis()));
        phases.add(new TimedPhase("tracer start", startMillis));
        phases.add(new TimedPhase("upload", upload.millis()));
        phases.add(new TimedPhase("first frame", Math.max(0, firstFrameMillis - upload.millis())));
        return phases;
    }

    /** The phases as the -v line says them: the total from the file to the first frame, then each, and the upload's rate. */
    static String line(List<TimedPhase> phases, Renderer.Upload upload) {
        String rate = upload.bytes() == 0 ? "nothing uploaded"
                : String.format(Locale.ROOT, "%,.1f MB uploaded at %.2f GB/s", upload.bytes() / 1e6, upload.gigabytesPerSecond());
        return "from the file to the first frame " + TimedPhase.summary(phases) + " (" + rate + ")";
    }
}
