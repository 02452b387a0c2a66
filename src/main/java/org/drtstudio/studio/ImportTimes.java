package org.drtstudio.studio;

import org.drtstudio.io.TimedPhase;
import org.drtstudio.studio.preview.PreviewRenderer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The status-bar line that says where the time of an import went once the model is on screen:
 * the loader's phases (read + parse, triangles + normals, …), then the preview's (hierarchy,
 * packing, box layout, upload with its rate and first pass). A large model takes seconds, and a user who waits wants to
 * know for what; the same phases as {@code drt info} and {@code drt bench --suite import}.
 */
final class ImportTimes {
    private ImportTimes() {
    }

    /**
     * @param done        what the status bar said when the import finished ("imported NAME", and any placement note)
     * @param loadPhases  the loader's phases ({@code ImportResult.phases()}; empty for readers without)
     * @param pack        the preview's timings of the image that first held the model, or null when unknown
     * @param totalMillis from the import's start to the first frame that shows the model
     */
    static String line(String done, List<TimedPhase> loadPhases, PreviewRenderer.PackTimings pack, double totalMillis) {
        List<TimedPhase> phases = new ArrayList<>(loadPhases);
        if (pack != null) {
            // A large model's first picture comes through the top of its tree; the rest is built right after.
            phases.add(new TimedPhase(pack.coarse() ? "coarse hierarchy" : "hierarchy", pack.hierarchyMillis()));
            phases.add(new TimedPhase("packing", pack.packMillis()));
            phases.add(new TimedPhase("box layout", pack.boxLayoutMillis()));
            if (pack.upload().bytes() > 0) {
                // The GL tracer says how long the image took to reach the device: at bus speed, or not.
                phases.add(new TimedPhase(String.format(Locale.ROOT, "upload (%,.0f MB, %.1f GB/s)", pack.upload().bytes() / 1e6,
                        pack.upload().gigabytesPerSecond()), pack.upload().millis()));
                phases.add(new TimedPhase("first pass", Math.max(0, pack.firstPassMillis() - pack.upload().millis())));
            } else {
                phases.add(new TimedPhase("upload + first pass", pack.firstPassMillis()));
            }
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s; on screen %,.0f ms after the import began", done, totalMillis));
        String sep = ": ";
        for (TimedPhase p : phases) {
            sb.append(sep).append(p.name()).append(String.format(Locale.ROOT, " %,.0f ms", p.millis()));
            sep = ", ";
        }
        return sb.toString();
    }
}
