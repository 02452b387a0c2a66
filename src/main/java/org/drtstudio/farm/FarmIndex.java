package org.drtstudio.farm;

import org.drtstudio.io.support.UserFolders;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.drtstudio.io.support.AtomicFileWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which job folder a Slurm job id belongs to, so {@code drt farm status JOBID} finds the files
 * after the controller has forgotten the job: one line per job id in
 * {@code $XDG_STATE_HOME/drt-studio/farm-jobs.jsonl} ({@code io.support.UserFolders}; elsewhere with {@code -Ddrt.farm.index=FILE}), and the same
 * lines in the job folder's {@code submissions.jsonl} (and the last submission's in
 * {@code submission.jsonl}).
 *
 * <p>Each line is a JSON object, {@code {"job": "41", "what": "tasks", "tasks": "0-3", "folder": "…"}}:
 * the folder is the user's (or a script's) name and may hold line breaks and tabs, which JSON
 * escapes, so no name can end a line and forge an entry of its own, as it could in the tab-separated
 * lines this index had before. A line that is not such an object is skipped.
 */
public final class FarmIndex {
    /** The job folder's record of its last submission; {@code submissions.jsonl} keeps them all. */
    static final String LAST = "submission.jsonl";
    static final String ALL = "submissions.jsonl";
    private static final JsonFactory JSON = new JsonFactory();
    private static final List<String> FIELDS = List.of("job", "what", "tasks", "folder");
    private final Path file;

    public FarmIndex(Path file) {
        this.file = file;
    }

    public static FarmIndex ofUser() {
        String override = System.getProperty("drt.farm.index");
        return new FarmIndex(override != null ? Path.of(override) : UserFolders.ofUser().state().resolve("farm-jobs.jsonl"));
    }

    /** Records the jobs of a submission, here and in the job's folder. */
    public void record(FarmJob job, Submission s) throws IOException {
        StringBuilder lines = new StringBuilder();
        String folder = job.folder().toString();
        if (s.arrayJob() != null) lines.append(line(s.arrayJob(), "tasks", Submission.arraySpec(s.tasks()), folder));
        if (s.mergeJob() != null) lines.append(line(s.mergeJob(), "merge", "-", folder));
        if (s.videoJob() != null) lines.append(line(s.videoJob(), "video", "-", folder));
        byte[] bytes = lines.toString().getBytes(StandardCharsets.UTF_8);
        AtomicFileWriter.write(job.folder().resolve(LAST), out -> out.write(bytes));
        Files.write(job.folder().resolve(ALL), bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
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
            List<String[]> entries = read(file);
            for (int i = entries.size() - 1; i >= 0; i--) {
                if (entries.get(i)[0].equals(jobId)) return Path.of(entries.get(i)[3]);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /** The last submission recorded in a job folder: its lines (job id, what: tasks, merge or video; the tasks; the folder). */
    public static List<String[]> lastSubmission(Path folder) throws IOException {
        Path f = folder.resolve(LAST);
        if (!Files.isRegularFile(f)) return List.of();
        return read(f);
    }

    /** One entry as a line of JSON; the generator escapes line breaks, tabs and every other control character. */
    private static String line(String job, String what, String tasks, String folder) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(bytes)) {
            g.writeStartObject();
            g.writeStringField("job", job);
            g.writeStringField("what", what);
            g.writeStringField("tasks", tasks);
            g.writeStringField("folder", folder);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toString(StandardCharsets.UTF_8) + "\n";
    }

    /** The entries of an index file, in order: each {job, what, tasks, folder}; other lines skipped. */
    private static List<String[]> read(Path f) throws IOException {
        List<String[]> entries = new ArrayList<>();
        for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            String[] entry = entry(l);
            if (entry != null) entries.add(entry);
        }
        return entries;
    }

    private static String[] entry(String line) {
        Map<String, String> fields = new HashMap<>();
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                if (p.nextToken() != JsonToken.VALUE_STRING) return null;
                fields.put(name, p.getText());
            }
            if (p.nextToken() != null) return null;
        } catch (IOException e) {
            return null;
        }
        String[] entry = new String[FIELDS.size()];
        for (int i = 0; i < entry.length; i++) {
            entry[i] = fields.get(FIELDS.get(i));
            if (entry[i] == null) return null;
        }
        return entry;
    }
}
