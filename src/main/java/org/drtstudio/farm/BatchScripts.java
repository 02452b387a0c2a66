package org.drtstudio.farm;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.AtomicFileWriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The batch scripts a job's folder holds: each runs one {@code drt farm} step through the same
 * program that submitted it ({@link TaskCommand}). sbatch's options (array, dependency, logs,
 * partition, GPUs) are given on its command line, so a resubmission changes them without
 * rewriting the scripts; the scripts stay readable and can be run by hand.
 */
final class BatchScripts {
    static final String TASKS = "tasks.sbatch", MERGE = "merge.sbatch", VIDEO = "video.sbatch";

    private BatchScripts() {
    }

    /**
     * The array script: task {@code $SLURM_ARRAY_TASK_ID} of the job renders its frames or tile, and
     * runs again up to {@code retries} times when it fails (a node's passing trouble: a GPU reset, a
     * full scratch disk). Exit codes 2 (bad input or usage) and 3 (out of memory) would fail the
     * same way again, so they end the task at once; Slurm's {@code --requeue} covers a node that dies.
     */
    static Path writeTasks(FarmJob job, TaskCommand command, int retries) throws IOException {
        String what = job.kind() == FarmJob.Kind.FRAMES
                ? "frames " + job.frames() + " of " + job.scene().getFileName() + ", " + job.chunk() + " per task"
                : job.tiles() + " tiles of a " + job.width() + "x" + job.height() + " still of " + job.scene().getFileName();
        String task = command.shellLine(List.of("farm", "task", FarmJobFile.in(job.folder()).toString())) + " \"$SLURM_ARRAY_TASK_ID\"";
        if (retries == 0) return write(job.folder().resolve(TASKS), what, "exec " + task);
        String body = "try=0\n"
                + "while :; do\n"
                + "  " + task + "\n"
                + "  code=$?\n"
                + "  [ \"$code\" -eq 0 ] && exit 0\n"
                + "  case $code in 2|3) exit \"$code\" ;; esac # bad input, out of memory: the same again\n"
                + "  try=$((try + 1))\n"
                + "  [ \"$try\" -le " + retries + " ] || exit \"$code\"\n"
                + "  echo \"drt farm: task $SLURM_ARRAY_TASK_ID failed (exit $code); running it again, retry $try of " + retries + "\" >&2\n"
                + "done";
        return write(job.folder().resolve(TASKS), what, body);
    }

    /** The merge script: the tiles put together into the still and its AOVs. */
    static Path writeMerge(FarmJob job, TaskCommand command) throws IOException {
        return write(job.folder().resolve(MERGE), "merge the tiles into " + job.output(),
                "exec " + command.shellLine(List.of("farm", "merge", FarmJobFile.in(job.folder()).toString())));
    }

    /** The video script: ffmpeg over the frames. */
    static Path writeVideo(FarmJob job, TaskCommand command) throws IOException {
        return write(job.folder().resolve(VIDEO), "assemble " + job.video() + " from the frames",
                "exec " + command.shellLine(List.of("farm", "video", FarmJobFile.in(job.folder()).toString())));
    }

    private static Path write(Path file, String what, String body) throws IOException {
        String text = "#!/bin/sh\n"
                + "# DRT Studio render farm: " + Excerpt.sanitize(what, 1000) + ".\n" // names may hold control bytes
                + "# Written by 'drt farm submit', which gives sbatch the array, dependency, log and resource options.\n"
                + body + "\n";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        AtomicFileWriter.write(file, out -> out.write(bytes));
        return file;
    }
}
