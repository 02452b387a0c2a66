package org.drtstudio.io.support;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A killed save leaves {@code .NAME.PID.HEX.tmp}; the next save of NAME removes those whose process
 * is gone or that are older than a day, and nothing else: not a live save's file, not another
 * target's, not a link or folder that merely looks like one.
 */
class StaleTempFilesTest {
    @TempDir
    Path dir;

    @Test
    void theNextSaveRemovesOnlyStaleTemporariesOfTheSameTarget() throws Exception {
        long dead = deadPid();
        Process alive = new ProcessBuilder("sleep", "60").start();
        try {
            long live = alive.pid();
            Path target = dir.resolve("out.png");
            Path deadTmp = Files.writeString(dir.resolve(".out.png." + dead + ".18c3f.tmp"), "half");
            Path liveTmp = Files.writeString(dir.resolve(".out.png." + live + ".18c40.tmp"), "in progress");
            Path oldLiveTmp = Files.writeString(dir.resolve(".out.png." + live + ".18c41.tmp"), "ancient");
            Files.setLastModifiedTime(oldLiveTmp, FileTime.from(Instant.now().minus(StaleTempFiles.MAX_AGE).minus(Duration.ofHours(1))));
            Path otherTarget = Files.writeString(dir.resolve(".other.png." + dead + ".18c3f.tmp"), "not ours");
            Path prefixTarget = Files.writeString(dir.resolve(".out.png.bak." + dead + ".1.tmp"), "another name");
            Path notHex = Files.writeString(dir.resolve(".out.png." + dead + ".xyz.tmp"), "not our pattern");
            Path linkLookalike = Files.createSymbolicLink(dir.resolve(".out.png." + dead + ".2.tmp"), otherTarget);
            Path dirLookalike = Files.createDirectory(dir.resolve(".out.png." + dead + ".3.tmp"));

            AtomicFileWriter.write(target, out -> out.write(1));

            assertFalse(Files.exists(deadTmp), "its process is gone");
            assertFalse(Files.exists(oldLiveTmp), "older than a day: the process id was reused");
            assertTrue(Files.exists(liveTmp), "a save in progress is left alone");
            for (Path kept : new Path[]{otherTarget, prefixTarget, notHex, dirLookalike}) assertTrue(Files.exists(kept), kept.toString());
            assertTrue(Files.isSymbolicLink(linkLookalike));
        } finally {
            alive.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void ownerPidReadsOnlyTheExactForm() {
        assertEquals(123, StaleTempFiles.ownerPid(".a.png.123.ff.tmp", "a.png"));
        assertEquals(-1, StaleTempFiles.ownerPid(".a.png.123.ff.tmp", "b.png"));
        assertEquals(-1, StaleTempFiles.ownerPid(".a.png.x.ff.tmp", "a.png"));
        assertEquals(-1, StaleTempFiles.ownerPid(".a.png.123.ff.tmp.tmp", "a.png"));
        assertEquals(-1, StaleTempFiles.ownerPid(".a.png.99999999999999999999.ff.tmp", "a.png"));
    }

    /** The id of a process that has exited (ids are reused only after the counter wraps). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertFalse(ProcessHandle.of(p.pid()).map(ProcessHandle::isAlive).orElse(false));
        return p.pid();
    }
}
