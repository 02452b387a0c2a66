package org.drtstudio.farm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The index that maps job ids to job folders (issue 37, item 5): an output folder's name is the
 * user's, or a script's, and may hold line breaks and tabs; it must not add an entry of its own.
 */
class FarmIndexTest {
    @TempDir
    Path dir;

    @Test
    void aFolderNameCannotForgeAnEntry() throws Exception {
        Path scene = Files.writeString(dir.resolve("s.nff"), "v\n");
        // Written as the old index wrote a line: job id, tab, what, tab, tasks, tab, folder.
        Path out = dir.resolve("a\n999\ttasks\t0\t/etc\nb").resolve("still.png");
        Files.createDirectories(out.getParent());
        FarmJob job = new FarmJob(FarmJob.Kind.TILES, scene, out, List.of(), List.of(), null, 0, new TileGrid(2, 1), 8, 8, null, 24, "sig");
        Files.createDirectories(job.folder());
        FarmIndex index = new FarmIndex(dir.resolve("index"));
        index.record(job, new Submission("41", List.of(0, 1), "42", null));
        assertNull(index.folderOf("999"), "a forged entry was read");
        assertEquals(job.folder(), index.folderOf("41"));
        assertEquals(job.folder(), index.folderOf("42"));
        List<String[]> last = FarmIndex.lastSubmission(job.folder());
        assertEquals(List.of("41", "42"), last.stream().map(l -> l[0]).toList());
        assertEquals(List.of("0-1", "-"), last.stream().map(l -> l[2]).toList());
        for (String[] l : last) assertEquals(job.folder().toString(), l[3]);
    }
}
