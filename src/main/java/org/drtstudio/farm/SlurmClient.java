package org.drtstudio.farm;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.IoReason;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Slurm's client commands ({@code sbatch}, {@code squeue}, {@code scancel}) as the farm uses them.
 * Each runs with a time limit, so a controller that does not answer is one message, never a hang.
 */
public class SlurmClient {
    private static final long TIMEOUT_SECONDS = 60;

    /** Whether {@code sbatch} is on the PATH. */
    public boolean hasSbatch() {
        return onPath("sbatch");
    }

    /** Refuses, in one line, a machine without Slurm's client commands. */
    public void requireSbatch() throws FarmException {
        if (!hasSbatch()) {
            throw new FarmException("sbatch is not on the PATH: drt farm submits to a Slurm cluster and needs its client "
                    + "commands (see docs/FARM.md; scripts/slurm-local.sh start makes a one-machine cluster)");
        }
    }

    /** Whether a controller answers ({@code sinfo}): false where there is none or it is down. */
    public boolean clusterAnswers() {
        if (!onPath("sinfo")) return false;
        try {
            return !run(List.of("sinfo", "-h", "-o", "%P")).isBlank();
        } catch (FarmException e) {
            return false;
        }
    }

    /** {@code sbatch --parsable ARGS…}; the new job's id. */
    public String submit(List<String> args) throws FarmException {
        requireSbatch();
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable"));
        cmd.addAll(args);
        String out = run(cmd).trim();
        String id = out.contains(";") ? out.substring(0, out.indexOf(';')) : out;
        if (!id.matches("[0-9]+")) throw new FarmException("sbatch answered '" + out + "' instead of a job id");
        return id;
    }

    /**
     * The state Slurm reports for each task of array job {@code jobId} ({@code squeue -t all -r}):
     * PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, … Empty once the controller has forgotten the
     * job (MinJobAge after it ended) or never knew it.
     */
    public Map<Integer, String> arrayStates(String jobId) throws FarmException {
        Map<Integer, String> states = new LinkedHashMap<>();
        for (String line : squeue(jobId, "%K %T")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length == 2 && parts[0].matches("[0-9]+")) states.put(Integer.parseInt(parts[0]), parts[1]);
        }
        return states;
    }

    /** The state of a single (not array) job, or null once the controller has forgotten it. */
    public String jobState(String jobId) throws FarmException {
        List<String> lines = squeue(jobId, "%T");
        return lines.isEmpty() ? null : lines.get(0).trim();
    }

    /** Whether any task of job {@code jobId} is still pending or running. */
    public boolean active(String jobId) throws FarmException {
        for (String line : squeue(jobId, "%T")) {
            String s = line.trim();
            if (s.equals("PENDING") || s.equals("RUNNING") || s.equals("CONFIGURING") || s.equals("COMPLETING")
                    || s.equals("SUSPENDED") || s.equals("REQUEUED") || s.equals("RESIZING")) {
                return true;
            }
        }
        return false;
    }

    public void cancel(String jobId) throws FarmException {
        run(List.of("scancel", jobId));
    }

    private List<String> squeue(String jobId, String format) throws FarmException {
        if (!jobId.matches("[0-9]+")) throw new FarmException("'" + jobId + "' is not a Slurm job id");
        try {
            String out = run(List.of("squeue", "-h", "-t", "all", "-r", "-j", jobId, "-o", format));
            List<String> lines = new ArrayList<>();
            for (String l : out.split("\n")) if (!l.isBlank()) lines.add(l);
            return lines;
        } catch (FarmException e) {
            // squeue refuses ids the controller no longer knows ("Invalid job id specified").
            if (e.getMessage().contains("Invalid job id")) return List.of();
            throw e;
        }
    }

    /**
     * Runs a client command; its output, or its first line of complaint as a {@link FarmException}.
     * Both streams are read through pipes as the command writes them (a full pipe would stop it),
     * at most {@link #MAX_OUTPUT_BYTES} each kept: no temporary file, so a missing or full
     * temporary folder ({@code java.io.tmpdir}) cannot make a submission fail for no stated reason.
     */
    protected String run(List<String> command) throws FarmException {
        Process p;
        try {
            p = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new FarmException("cannot run " + command.get(0) + ": " + IoReason.of(e));
        }
        CompletableFuture<String> out = drain(p.getInputStream(), command.get(0)), err = drain(p.getErrorStream(), command.get(0));
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new FarmException(command.get(0) + " did not answer within " + TIMEOUT_SECONDS + " s (is slurmctld running?)");
            }
            String stdout = out.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (p.exitValue() != 0) {
                String complaint = err.get(TIMEOUT_SECONDS, TimeUnit.SECONDS).trim();
                String first = complaint.isEmpty() ? "exit status " + p.exitValue() : complaint.lines().findFirst().orElse(complaint);
                // "sbatch: error: Invalid --time specification" → "sbatch: Invalid --time specification"
                first = first.replaceFirst("^" + java.util.regex.Pattern.quote(command.get(0)) + ": (error: )?", "");
                throw new FarmException(command.get(0) + ": " + Excerpt.sanitize(first, 300));
            }
            return stdout;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new FarmException(command.get(0) + " interrupted");
        } catch (ExecutionException e) {
            throw new FarmException("cannot read what " + command.get(0) + " answered: " + IoReason.of(e.getCause()));
        } catch (TimeoutException e) {
            // it ended, but something it started still holds its output open
            throw new FarmException(command.get(0) + " ended, but its output did not within " + TIMEOUT_SECONDS + " s");
        }
    }

    /** Most of a command's output or complaint kept; Slurm's answers are a few lines. */
    static final int MAX_OUTPUT_BYTES = 1 << 20;

    /** Reads {@code in} to its end on a thread of its own, keeping the first {@link #MAX_OUTPUT_BYTES}. */
    private static CompletableFuture<String> drain(InputStream in, String command) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (in) {
                ByteArrayOutputStream kept = new ByteArrayOutputStream();
                byte[] buffer = new byte[8192];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    if (kept.size() < MAX_OUTPUT_BYTES) kept.write(buffer, 0, Math.min(n, MAX_OUTPUT_BYTES - kept.size()));
                }
                text.complete(kept.toString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.completeExceptionally(e);
            }
        }, command + "-output");
        reader.setDaemon(true);
        reader.start();
        return text;
    }

    static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }
}
