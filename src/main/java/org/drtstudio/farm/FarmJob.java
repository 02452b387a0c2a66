package org.drtstudio.farm;

import org.drtstudio.io.support.FrameNumbering;
import org.drtstudio.render.PixelWindow;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One farm job as submitted and as its tasks read it back ({@link FarmJobFile}): the scene, the
 * {@code drt render} options every task passes on unchanged, and how the work is cut into tasks —
 * chunks of frames, or tiles of one still that a merge job puts together.
 *
 * @param output        the frames' name with {@code ####}, or the still's picture
 * @param renderOptions {@code drt render}'s options besides the scene, {@code -o}, {@code --frames} and {@code --region}
 * @param aovs          the {@code --aov} names among them, which decide the files of each picture
 * @param frames        the frame range (frames jobs; null for tiles)
 * @param chunk         frames per task (frames jobs)
 * @param tiles         the tile grid (tiles jobs; null for frames)
 * @param width         the still's size in pixels (tiles jobs)
 * @param video         the video assembled from the frames with ffmpeg, or null
 * @param fps           frames per second of the animation (the video's rate)
 * @param signature     {@link Sidecar#signature} of the scene and all of the above: outputs of another job are not complete for this one
 */
public record FarmJob(Kind kind, Path scene, Path output, List<String> renderOptions, List<String> aovs,
                      FrameRange frames, int chunk, TileGrid tiles, int width, int height, Path video, double fps,
                      String signature) {

    public enum Kind { FRAMES, TILES }

    public FarmJob {
        renderOptions = List.copyOf(renderOptions);
        aovs = List.copyOf(aovs);
    }

    /** The words the signature is made of (besides the scene file's bytes). */
    public static List<String> signatureWords(Kind kind, Path output, List<String> renderOptions, TileGrid tiles, int width,
                                              int height) {
        List<String> words = new ArrayList<>(List.of(kind.name(), output.toString()));
        words.addAll(renderOptions);
        // A frame's pixels do not depend on the range or the chunks it was rendered in: extending the
        // range or changing --chunk keeps the frames already made. A tile's do depend on the grid.
        if (kind == Kind.TILES) words.add(tiles + "/" + width + "x" + height);
        return words;
    }

    /** The job's folder beside the output: {@code out_####.png} → {@code out.farm}, {@code still.png} → {@code still.farm}. */
    public static Path folderFor(Path output) {
        Path abs = output.toAbsolutePath();
        String name = abs.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = (dot > 0 ? name.substring(0, dot) : name).replace("#", "").replaceAll("[_.\\-]+$", "");
        return abs.resolveSibling((base.isEmpty() ? "frames" : base) + ".farm");
    }

    public Path folder() {
        return folderFor(output);
    }

    public Path logs() {
        return folder().resolve("logs");
    }

    /** Array tasks: chunks of frames, or tiles. */
    public int taskCount() {
        return kind == Kind.FRAMES ? frames.chunks(chunk).size() : tiles.count();
    }

    /** The frames task {@code task} renders. */
    public FrameRange framesOf(int task) {
        return frames.chunks(chunk).get(task);
    }

    public PixelWindow tileWindow(int task) {
        return tiles.window(task, width, height);
    }

    /** A frame's picture and AOVs: the last run of '#' in the output name replaced by the frame number ({@link FrameNumbering}). */
    public OutputSet frameOutputs(int frame) {
        return OutputSet.of(Path.of(FrameNumbering.name(output.toString(), frame)), aovs);
    }

    /** A tile's picture (always PNG: lossless, whatever the still's format) and AOVs, in the job's folder. */
    public OutputSet tileOutputs(int task) {
        return OutputSet.of(folder().resolve("tiles").resolve(String.format("tile_%04d.png", task)), aovs);
    }

    /** The still and its AOVs, as the merge job writes them. */
    public OutputSet stillOutputs() {
        return OutputSet.of(output, aovs);
    }

    /** Every picture task {@code task} writes. */
    public List<OutputSet> outputsOf(int task) {
        if (kind == Kind.TILES) return List.of(tileOutputs(task));
        List<OutputSet> out = new ArrayList<>();
        FrameRange r = framesOf(task);
        for (int f = r.first(); f <= r.last(); f++) out.add(frameOutputs(f));
        return out;
    }

    /** Whether every picture of task {@code task} is complete (checksummed sidecars of this job). */
    public boolean taskComplete(int task) {
        for (OutputSet o : outputsOf(task)) if (!Sidecar.complete(o, signature)) return false;
        return true;
    }

    /** The video's sidecar signature: the frames' and their range, since a video of other frames is not this one. */
    public String videoSignature() {
        return signature + "/" + frames;
    }

    /** The video file and its sidecar's place. */
    public OutputSet videoOutputs() {
        return OutputSet.of(video, List.of());
    }

    /** "frames 2-3" or "tile 5 (x,y,w,h)". */
    public String describeTask(int task) {
        return kind == Kind.FRAMES ? "frames " + framesOf(task) : "tile " + task + " (" + tileWindow(task) + ")";
    }
}
