package org.drtstudio.farm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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

    /** Runs a client command; its output, or its first line of complaint as a {@link FarmException}. */
    protected String run(List<String> command) throws FarmException {
        Path stdout = null, stderr = null;
        try {
            stdout = Files.createTempFile("drt-slurm", ".out");
            stderr = Files.createTempFile("drt-slurm", ".err");
            Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new FarmException(command.get(0) + " did not answer within " + TIMEOUT_SECONDS + " s (is slurmctld running?)");
            }
            String out = Files.readString(stdout, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                String err = Files.readString(stderr, StandardCharsets.UTF_8).trim();
                String first = err.isEmpty() ? "exit status " + p.exitValue() : err.lines().findFirst().orElse(err);
                // "sbatch: error: Invalid --time specification" → "sbatch: Invalid --time specification"
                first = first.replaceFirst("^" + java.util.regex.Pattern.quote(command.get(0)) + ": (error: )?", "");
                throw new FarmException(command.get(0) + ": " + first);
            }
            return out;
        } catch (IOException e) {
            throw new FarmException("cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FarmException(command.get(0) + " interrupted");
        } finally {
            try {
                if (stdout != null) Files.deleteIfExists(stdout);
                if (stderr != null) Files.deleteIfExists(stderr);
            } catch (IOException ignored) {
                // a temporary file left in the temp folder is harmless
            }
        }
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
