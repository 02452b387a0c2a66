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
     * @param importPhases          the reader's phases, or empty when it times none
     * @param importMillis          the whole reading, used when there are no phases
     * @param gpuBuilderStartMillis starting {@code --build auto}'s GPU builder after the load (a GL context, the
     *                              build's programs), a phase of its own where not 0
     * @param build                 the geometry image builder's timings of the first frame's image
     * @param startMillis           starting the tracer after the build: where it was started beside the load
     *                              ({@link EarlyTracer}), the wait for what the load did not hide
     * @param upload                the first frame's upload ({@link Renderer#lastUpload()})
     * @param firstFrameMillis      the first frame, upload included
     */
    static List<TimedPhase> phases(List<TimedPhase> importPhases, double importMillis, double gpuBuilderStartMillis,
                                   GeometryImageBuilder.Timings build, double startMillis, Renderer.Upload upload,
                                   double firstFrameMillis) {
        List<TimedPhase> phases = new ArrayList<>(importPhases.isEmpty() ? List.of(new TimedPhase("read", importMillis)) : importPhases);
        if (gpuBuilderStartMillis > 0) phases.add(new TimedPhase("GPU builder start", gpuBuilderStartMillis));
        phases.add(new TimedPhase("hierarchy", build.hierarchyMillis()));
        phases.add(new TimedPhase("packing", build.packMillis()));
        phases.add(new TimedPhase("box layout", build.boxLayoutMillis()));
        phases.add(new TimedPhase("tracer start", startMillis));
        phases.add(new TimedPhase("upload", upload.millis()));
        phases.add(new TimedPhase("first frame", Math.max(0, firstFrameMillis - upload.millis())));
        return phases;
    }

    /**
     * {@code phases} and, where they add up to less than {@code wallMillis} (the wall time from the file's
     * opening to the first frame's end) by a millisecond or more, the rest as "other": the line's total is
     * the time a user waited, not only the time its phases name.
     */
    static List<TimedPhase> withRest(List<TimedPhase> phases, double wallMillis) {
        double rest = wallMillis - phases.stream().mapToDouble(TimedPhase::millis).sum();
        if (rest < 1) return phases;
        List<TimedPhase> all = new ArrayList<>(phases);
        all.add(new TimedPhase("other", rest));
        return all;
    }

    /** The phases as the -v line says them: the total from the file to the first frame, then each, and the upload's rate. */
    static String line(List<TimedPhase> phases, Renderer.Upload upload) {
        String rate = upload.bytes() == 0 ? "nothing uploaded"
                : String.format(Locale.ROOT, "%,.1f MB uploaded at %.2f GB/s", upload.bytes() / 1e6, upload.gigabytesPerSecond());
        return "from the file to the first frame " + TimedPhase.summary(phases) + " (" + rate + ")";
    }
}
