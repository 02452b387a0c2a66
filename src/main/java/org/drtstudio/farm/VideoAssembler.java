package org.drtstudio.farm;

import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.FrameNumbering;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The video job: ffmpeg (H.264, yuv420p, the animation's frame rate) over a frames job's pictures,
 * written under a temporary name and renamed, so a video is there whole or not at all.
 */
public final class VideoAssembler {
    private VideoAssembler() {
    }

    /** Refuses, in one line, a machine without ffmpeg. */
    public static void requireFfmpeg() throws FarmException {
        if (!SlurmClient.onPath("ffmpeg")) {
            throw new FarmException("--video needs ffmpeg on the PATH (e.g. apt-get install ffmpeg); the frames can be rendered without --video");
        }
    }

    public static void assemble(FarmJob job) throws FarmException, IOException {
        requireFfmpeg();
        if (job.kind() != FarmJob.Kind.FRAMES || job.video() == null) throw new FarmException(FarmJobFile.in(job.folder()) + ": no video asked for");
        for (int f = job.frames().first(); f <= job.frames().last(); f++) {
            if (!Sidecar.complete(job.frameOutputs(f), job.signature())) {
                throw new FarmException("frame " + f + " (" + job.frameOutputs(f).picture() + ") is not complete; resubmit to render it");
            }
        }
        Path video = job.video().toAbsolutePath();
        String name = video.getFileName().toString();
        // ffmpeg takes the container from the extension; the name fits the folder however long the video's is
        Path temp = AtomicFileWriter.temporaryBeside(video, name.substring(Math.max(0, name.lastIndexOf('.'))));
        List<String> command = List.of("ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
                "-framerate", Double.toString(job.fps()), "-start_number", Integer.toString(job.frames().first()),
                "-i", ffmpegPattern(job.output().toString()), "-frames:v", Integer.toString(job.frames().count()),
                // H.264 in yuv420p wants even sizes: an odd width or height gets a black column or row.
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", temp.toString());
        try {
            Process p = new ProcessBuilder(command).inheritIO().start();
            if (!p.waitFor(24, TimeUnit.HOURS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new FarmException("ffmpeg failed (exit status " + (p.isAlive() ? "none" : p.exitValue()) + ") making " + video);
            }
            Files.move(temp, video, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FarmException("interrupted making " + video);
        } finally {
            AtomicFileWriter.release(temp);
        }
        Sidecar.write(job.videoOutputs(), job.videoSignature());
    }

    /** out_####.png → out_%04d.png, with any other '%' doubled as ffmpeg's pattern syntax wants ({@link FrameNumbering}). */
    static String ffmpegPattern(String output) {
        return FrameNumbering.printfPattern(output);
    }
}
