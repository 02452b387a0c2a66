package org.drtstudio.farm;

import org.drtstudio.io.support.AtomicFileWriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Which job folder a Slurm job id belongs to, so {@code drt farm status JOBID} finds the files
 * after the controller has forgotten the job: one line per job id in
 * {@code ~/.drtstudio/farm-jobs.tsv} (elsewhere with {@code -Ddrt.farm.index=FILE}), and the same
 * lines in the job folder's {@code submissions.tsv} (and the last submission's in {@code submission.tsv}).
 */
public final class FarmIndex {
    /** The job folder's record of its last submission; {@code submissions.tsv} keeps them all. */
    static final String LAST = "submission.tsv";
    private final Path file;

    public FarmIndex(Path file) {
        this.file = file;
    }

    public static FarmIndex ofUser() {
        String override = System.getProperty("drt.farm.index");
        return new FarmIndex(override != null ? Path.of(override)
                : Path.of(System.getProperty("user.home"), ".drtstudio", "farm-jobs.tsv"));
    }

    /** Records the jobs of a submission, here and in the job's folder. */
    public void record(FarmJob job, Submission s) throws IOException {
        StringBuilder lines = new StringBuilder();
        if (s.arrayJob() != null) lines.append(s.arrayJob()).append("\ttasks\t").append(Submission.arraySpec(s.tasks())).append('\t').append(job.folder()).append('\n');
        if (s.mergeJob() != null) lines.append(s.mergeJob()).append("\tmerge\t-\t").append(job.folder()).append('\n');
        if (s.videoJob() != null) lines.append(s.videoJob()).append("\tvideo\t-\t").append(job.folder()).append('\n');
        byte[] bytes = lines.toString().getBytes(StandardCharsets.UTF_8);
        AtomicFileWriter.write(job.folder().resolve(LAST), out -> out.write(bytes));
        Files.write(job.folder().resolve("submissions.tsv"), bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // The job folder still has the record; status then needs the folder instead of the id.
        }
    }

    /** The folder of job {@code jobId}, or null when no submission here recorded it. */
    public Path folderOf(String jobId) {
        try {
            if (!Files.isRegularFile(file)) return null;
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String[] parts = lines.get(i).split("\t");
                if (parts.length == 4 && parts[0].equals(jobId)) return Path.of(parts[3]);
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /** The last submission recorded in a job folder: its lines (job id, what: tasks, merge or video; the tasks; the folder). */
    public static List<String[]> lastSubmission(Path folder) throws IOException {
        Path f = folder.resolve(LAST);
        if (!Files.isRegularFile(f)) return List.of();
        return Files.readAllLines(f, StandardCharsets.UTF_8).stream().map(l -> l.split("\t")).filter(p -> p.length == 4).toList();
    }
}
