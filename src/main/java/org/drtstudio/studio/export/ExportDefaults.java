package org.drtstudio.studio.export;

import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.studio.timeline.TimelineRange;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * What the export dialog offers: the last export of this project (size, samples, format, denoise
 * and folder, whether it was a still or an animation), else the project's render settings, saved
 * beside the project file. Export Animation used to offer 640 × 480 right after a 1920 × 1080
 * still, and the first export's file chooser opened in the last import's folder (issue 39, item 8).
 * Remembered for the session, per project file; an untitled scene has its own until it is saved.
 * An untitled scene opened from a model or scene file (not a sample) is offered that file's folder,
 * as a project is offered its own, rather than wherever the process was started.
 */
public final class ExportDefaults {
    private final Map<Path, ExportSettings> byProject = new HashMap<>();
    private ExportSettings untitled;
    private Path untitledFolder;

    /**
     * The settings the dialog starts from for {@code model}, saved as {@code project} (null: untitled).
     * A first export is denoised when the preview is ({@code previewDenoised}, the studio's Denoise
     * toggle), so the still looks like the view it was made from (a usability pass found the first
     * still, 16 spp and not denoised, much grainier than the view).
     */
    public ExportSettings offer(SceneModel model, Path project, boolean animation, boolean previewDenoised) {
        ExportSettings last = project == null ? untitled : byProject.get(project);
        int first = animation ? model.animation().startFrame() : 0, lastFrame = animation ? TimelineRange.lastFrame(model) : 0;
        if (last != null) {
            Path folder = last.output().toAbsolutePath().getParent();
            String name = fileName(animation, extension(last));
            return new ExportSettings(folder != null ? folder.resolve(name) : Path.of(name), last.width(), last.height(), last.samples(),
                    last.pfm(), first, Math.max(first, lastFrame), last.denoise());
        }
        var rs = model.settings();
        String name = fileName(animation, "png");
        Path folder = project != null ? project.toAbsolutePath().getParent() : untitledFolder;
        Path out = folder != null ? folder.resolve(name) : Path.of(name);
        return new ExportSettings(out, rs.width(), rs.height(), Math.max(16, rs.samplesPerPixel()), false, first, Math.max(first, lastFrame),
                previewDenoised);
    }

    /** Remembers an export of {@code project} (null: the untitled scene). */
    public void remember(Path project, ExportSettings chosen) {
        if (project == null) untitled = chosen;
        else byProject.put(project, chosen);
    }

    /** A new or newly opened scene: the untitled scene's exports are forgotten; a save carries them to its file. */
    public void untitledBecomes(Path project) {
        if (untitled != null && project != null) byProject.putIfAbsent(project, untitled);
        untitled = null;
        untitledFolder = null;
    }

    /** A new untitled scene read from {@code file} (a model or scene file): its first export is offered beside it. */
    public void untitledOpenedFrom(Path file) {
        untitledBecomes(null);
        untitledFolder = file.toAbsolutePath().getParent();
    }

    private static String fileName(boolean animation, String extension) {
        return (animation ? "frame_####." : "render.") + extension;
    }

    /** The last export's format as its extension: PFM, OpenEXR (the dialog reads it from the name) or PNG. */
    private static String extension(ExportSettings last) {
        if (last.pfm()) return "pfm";
        Path name = last.output().getFileName();
        return name != null && name.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".exr") ? "exr" : "png";
    }
}
