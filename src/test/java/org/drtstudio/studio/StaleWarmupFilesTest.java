package org.drtstudio.studio;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The import warm-up's model files that a killed studio left behind are removed by the next
 * warm-up; a running studio's, fresh ones of the old name, links and other files stay.
 */
class StaleWarmupFilesTest {
    @TempDir
    Path dir;

    @Test
    void filesOfGoneProcessesAndOldUnnamedOnesGoTheRestStay() throws Exception {
        Instant now = Instant.now();
        long self = ProcessHandle.current().pid(), gone = finishedProcessId();
        Path goneFile = file(StaleWarmupFiles.name(gone, 7), now);
        Path mine = file(StaleWarmupFiles.name(self, 8), now.minus(Duration.ofDays(3)));
        Path oldUnnamed = file("drt-warmup-123456789.obj", now.minus(Duration.ofHours(2)));
        Path freshUnnamed = file("drt-warmup-987654321.obj", now.minus(Duration.ofMinutes(5)));
        Path other = file("drt-warmup-notes.obj", now.minus(Duration.ofDays(3)));
        Path link = Files.createSymbolicLink(dir.resolve(StaleWarmupFiles.name(gone, 9)), other);
        List<Path> removed = StaleWarmupFiles.clean(dir, now);
        assertEquals(Set.of(goneFile, oldUnnamed), Set.copyOf(removed));
        Set<Path> left = Files.list(dir).collect(Collectors.toSet());
        assertEquals(Set.of(mine, freshUnnamed, other, link), left, "this process's file, a fresh one, another file and a link stay");
    }

    @Test
    void aFolderThatCannotBeListedIsNoFailure() {
        assertEquals(List.of(), StaleWarmupFiles.clean(dir.resolve("missing"), Instant.now()));
    }

    @Test
    void theWarmUpNamesItsFilesWithItsProcess() {
        String name = StaleWarmupFiles.name(ProcessHandle.current().pid(), -1);
        assertEquals("drt-warmup-" + ProcessHandle.current().pid() + "-18446744073709551615.obj", name);
    }

    private Path file(String name, Instant modified) throws Exception {
        Path p = Files.writeString(dir.resolve(name), "v 0 0 0\n");
        Files.setLastModifiedTime(p, FileTime.from(modified));
        return p;
    }

    /** The id of a process that has ended. */
    private static long finishedProcessId() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long pid = p.pid();
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the process has ended");
        return pid;
    }
}
