package org.drtstudio.studio.preview;

/** The status bar's preview figures: frames per second, samples against the target, resolution, speed and state. */
public final class PreviewStatus {
    private PreviewStatus() {
    }

    /**
     * @param shown  the frame on screen, or null before the first
     * @param region whether only a render region is refined
     */
    public static String text(PreviewFrame shown, double fps, PreviewRenderer.State state, boolean region) {
        String suffix = switch (state) {
            case STARTING -> " · starting";
            case RENDERING -> "";
            case DONE -> " · done";
            case PAUSED -> " · paused";
            case EXPORTING -> " · paused while exporting";
            case IMPORTING -> " · paused while importing";
        };
        if (region) suffix = " · region" + suffix;
        if (shown == null) return String.format("%.0f fps%s", fps, suffix);
        double mrays = shown.passNanos() > 0 ? shown.raysInPass() / (shown.passNanos() / 1e3) : 0;
        // With a noise threshold: how much of the view has converged (stopped taking samples).
        String converged = shown.converged() >= 0 ? String.format(" · %.0f%% converged", Math.floor(100 * shown.converged())) : "";
        return String.format("%.0f fps · %d / %d spp%s%s%s · %.1f Mrays/s%s", fps, shown.samples(), shown.targetSamples(),
                shown.pixelScale() > 1 ? " (1/" + shown.pixelScale() + " res)" : "", shown.denoised() ? " denoised" : "", converged,
                mrays, suffix);
    }
}
