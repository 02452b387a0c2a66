package org.drtstudio.cli;

import org.drtstudio.farm.FarmException;
import org.drtstudio.farm.FarmJob;
import org.drtstudio.farm.FarmSubmitter;
import org.drtstudio.farm.FarmWaiter;
import org.drtstudio.farm.FrameRange;
import org.drtstudio.farm.SlurmClient;
import org.drtstudio.farm.Submission;
import org.drtstudio.farm.SubmitOptions;
import org.drtstudio.farm.TaskCommand;
import org.drtstudio.farm.TileGrid;
import org.drtstudio.farm.VideoAssembler;
import org.drtstudio.farm.Sidecar;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.image.ImageFormat;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.IoReason;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.io.support.FrameNumbering;
import org.drtstudio.io.support.OutputTarget;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code drt farm submit SCENE -o OUT (--frames A-B [--chunk N] | --tiles CxR) [render options…]}:
 * checks the render options and the scene here, as {@code drt render} would, then submits the job
 * ({@link FarmSubmitter}); with {@code --wait}, waits for it and names any failed task.
 */
@Command(name = "submit", description = "Submit a render to Slurm: --frames as a job array of --chunk frames per task, "
        + "or one still as --tiles CxR tasks and a merge job after them; any drt render option is passed on. "
        + "Submitting again renders only what is not complete.")
final class FarmSubmitCommand implements Callable<Integer> {
    private final RendererFactory renderers;

    @Parameters(index = "0", paramLabel = "SCENE", description = "scene file or project, as for drt render")
    Path scene;
    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT",
            description = "the frames (with #### for the frame number) or the still, .png/.jpg; the job's scripts, logs "
                    + "and tiles go in OUT.farm beside it")
    Path output;
    @Option(names = "--frames", paramLabel = "A-B", description = "render frames A..B, --chunk frames per task")
    String frames;
    @Option(names = "--chunk", paramLabel = "N", defaultValue = "1", description = "frames per task (default 1)")
    int chunk;
    @Option(names = "--tiles", paramLabel = "CxR", description = "render one still as C columns x R rows of tiles, then merge them")
    String tiles;
    @Option(names = "--partition", paramLabel = "P", description = "Slurm partition (default: the cluster's)")
    String partition;
    @Option(names = "--gpus-per-task", paramLabel = "G", defaultValue = "0",
            description = "GPUs per task (sbatch --gpus-per-task); without, tasks on nodes with no GPU use the CPU tracer")
    int gpusPerTask;
    @Option(names = "--retries", paramLabel = "N", description = "run a failed array task again up to N times before it counts as failed "
            + "(default " + SubmitOptions.DEFAULT_RETRIES + "; not after bad input or running out of memory, which would fail again)")
    int retries = SubmitOptions.DEFAULT_RETRIES;
    @Option(names = "--sbatch-arg", paramLabel = "ARG", description = "one more sbatch option, e.g. --sbatch-arg=--time=2:00:00 (repeatable)")
    List<String> sbatchArgs = new ArrayList<>();
    @Option(names = "--video", paramLabel = "OUT.mp4", description = "after the frames, assemble them into a video with ffmpeg")
    Path video;
    @Option(names = "--wait", description = "wait until the job is done; exit 1 naming each failed task and its log")
    boolean await;
    @CommandLine.Unmatched
    List<String> renderOptions = new ArrayList<>();
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    FarmSubmitCommand(RendererFactory renderers) {
        this.renderers = renderers;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr(), out = spec.commandLine().getOut();
        FarmJob job;
        SlurmClient slurm = new SlurmClient();
        try {
            job = job(err);
            slurm.requireSbatch();
        } catch (FarmException | RenderCommand.UsageProblem | SceneFormatException e) {
            err.println("drt farm: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("drt farm: cannot read " + scene + ": " + IoReason.of(e));
            return 2;
        }
        try {
            Submission s = new FarmSubmitter(slurm, TaskCommand.ofThisJvm()).submit(job,
                    new SubmitOptions(partition, gpusPerTask, sbatchArgs, retries), out);
            return await && !s.empty() ? new FarmWaiter(slurm, 500).await(job, s, out, err) : 0;
        } catch (FarmException e) {
            err.println("drt farm: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("drt farm: cannot write the job's folder " + FarmJob.folderFor(output) + ": " + IoReason.of(e));
            return 1;
        }
    }

    /** The job asked for, every option and the scene checked; nothing is written yet. */
    private FarmJob job(PrintWriter err) throws FarmException, RenderCommand.UsageProblem, SceneFormatException, IOException {
        if ((frames == null) == (tiles == null)) throw new FarmException("give either --frames A-B (a sequence) or --tiles CxR (one still)");
        if (chunk < 1) throw new FarmException("--chunk must be at least 1, got " + chunk);
        if (tiles != null && spec.commandLine().getParseResult().hasMatchedOption("--chunk")) throw new FarmException("--chunk is for --frames, not --tiles");
        if (gpusPerTask < 0 || gpusPerTask > 64) throw new FarmException("--gpus-per-task must be 0 to 64, got " + gpusPerTask);
        if (retries < 0 || retries > 10) throw new FarmException("--retries must be 0 to 10, got " + retries);
        if (video != null && frames == null) throw new FarmException("--video assembles frames: it needs --frames");
        for (String a : sbatchArgs) {
            if (!a.startsWith("-")) throw new FarmException("--sbatch-arg takes one sbatch option such as --time=1:00:00, got '" + a + "'");
        }
        RenderCommand render = renderOptionsChecked();
        InputFiles.requireRegular(scene);
        Path sceneFile = scene.toAbsolutePath().normalize();
        Path out = output.toAbsolutePath().normalize();
        try {
            if (ImageFormat.forFile(out).isLinear() && tiles != null)
                throw new FarmException("-o " + output + ": tiles are merged as 8-bit pictures; render an EXR still without --tiles, or a sequence");
            if (ImageFormat.forFile(out).isLinear() && video != null)
                throw new FarmException("-o " + output + ": --video is made from 8-bit frames (.png or .jpg); EXR frames are scene-referred");
        } catch (OutputProblem e) {
            throw new FarmException("cannot write " + e.getMessage());
        }
        boolean sequence = frames != null;
        if (sequence && !FrameNumbering.hasRun(out.getFileName().toString())) {
            throw new FarmException("--frames needs an output name with #### for the frame number, e.g. -o out_####.png");
        }
        if (!sequence && out.getFileName().toString().contains("#")) {
            throw new FarmException("-o " + output + ": '#' stands for the frame number, and --tiles renders one still");
        }
        FrameRange range = sequence ? FrameRange.parse(frames) : null;
        TileGrid grid = sequence ? null : TileGrid.parse(tiles);
        if (sequence && range.chunks(chunk).size() > TileGrid.MAX_TILES) {
            throw new FarmException(range.count() + " frames in chunks of " + chunk + " make " + range.chunks(chunk).size()
                    + " tasks; at most " + TileGrid.MAX_TILES + " (Slurm's default array limit): give a larger --chunk");
        }
        try {
            // Only a regular file, or nothing, may be where a picture goes (frame 0's name stands for the frames').
            OutputTarget.resolve(sequence ? Path.of(FrameNumbering.name(out.toString(), range.first())) : out);
            if (video != null) {
                String v = video.getFileName().toString().toLowerCase(Locale.ROOT);
                if (!(v.endsWith(".mp4") || v.endsWith(".mkv") || v.endsWith(".mov"))) {
                    throw new FarmException("--video " + video + ": the name must end in .mp4, .mkv or .mov");
                }
                OutputTarget.resolve(video.toAbsolutePath());
            }
        } catch (OutputProblem e) {
            throw new FarmException("cannot write " + e.getMessage());
        }
        if (video != null) VideoAssembler.requireFfmpeg();
        RenderCommand.RenderPlan plan = render.plan(err);
        if (grid != null) grid.windows(plan.width(), plan.height());
        List<String> aovNames = new ArrayList<>();
        for (String a : render.aovs) aovNames.add(a.trim().toLowerCase(Locale.ROOT));
        FarmJob.Kind kind = sequence ? FarmJob.Kind.FRAMES : FarmJob.Kind.TILES;
        String signature = Sidecar.signature(sceneFile, FarmJob.signatureWords(kind, out, renderOptions, grid, plan.width(), plan.height()));
        return new FarmJob(kind, sceneFile, out, renderOptions, aovNames, range, chunk, grid, plan.width(), plan.height(),
                video != null ? video.toAbsolutePath().normalize() : null, plan.fps(), signature);
    }

    /** The pass-on options parsed as drt render parses them, so a typo is caught here and not on every node. */
    private RenderCommand renderOptionsChecked() throws FarmException {
        RenderCommand render = new RenderCommand(renderers);
        CommandLine cl = new CommandLine(render);
        List<String> args = new ArrayList<>();
        args.add(scene.toString());
        args.addAll(renderOptions);
        try {
            cl.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new FarmException(e.getMessage() + " (options after the scene are drt render's; see drt render --help)");
        }
        render.spec = cl.getCommandSpec();
        for (String own : Set.of("--region", "--frames", "--output")) {
            if (cl.getParseResult().hasMatchedOption(own)) {
                throw new FarmException(own + " is the farm's to set for each task; give -o and --frames or --tiles to drt farm submit");
            }
        }
        if (tiles != null && (render.denoise || render.noiseThreshold != null)) {
            throw new FarmException("--tiles cannot be used with --denoise or --noise-threshold: both look at pixels across "
                    + "a tile's edge; render the still whole (--frames N-N) or without them");
        }
        if (frames != null && render.time != null) throw new FarmException("--time is for one still; frames are rendered at f / fps seconds");
        return render;
    }
}
