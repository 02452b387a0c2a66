package org.drtstudio.io.support;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Hostile output paths: an atomic save must replace only a regular file (or nothing), refuse every
 * other kind with one line naming the path, and on a failure name the output (not its temporary
 * file) with the system's reason, leaving the old files and no temporary ones.
 */
class AtomicFileWriterTest {
    private static final int FIFO = 0010000, CHAR_DEVICE = 0020000, DIRECTORY = 0040000, SOCKET = 0140000;

    @TempDir
    Path dir;
    private final List<Path> mounts = new ArrayList<>();

    @AfterEach
    void unmount() throws Exception {
        for (Path m : mounts) HostileFiles.unmount(m);
    }

    private static AtomicFileWriter.Body text(String s) {
        return out -> out.write(s.getBytes(StandardCharsets.UTF_8));
    }

    private OutputProblem refused(Path target) {
        return assertThrows(OutputProblem.class, () -> AtomicFileWriter.write(target, text("new")));
    }

    @Test
    void replacesARegularFileAndCreatesAMissingOne() throws Exception {
        Path existing = dir.resolve("a.txt"), fresh = dir.resolve("sub/b.txt");
        Files.writeString(existing, "old");
        AtomicFileWriter.write(existing, text("new"));
        AtomicFileWriter.write(fresh, text("fresh"));
        assertEquals("new", Files.readString(existing));
        assertEquals("fresh", Files.readString(fresh));
        assertEquals(List.of(), temporaries(dir));
    }

    @Test
    void aFifoIsRefusedAndStaysAFifo() throws Exception {
        Path fifo = HostileFiles.fifo(dir.resolve("pipe.png"));
        OutputProblem e = refused(fifo); // must not block: the target is never opened
        assertTrue(e.getMessage().startsWith(fifo + ": is a FIFO"), e.getMessage());
        assertEquals(FIFO, HostileFiles.typeBits(fifo));
        assertEquals(List.of(), temporaries(dir));
    }

    @Test
    void aCharacterDeviceIsRefusedAndStaysADevice() throws Exception {
        Path dev = HostileFiles.charDevice(dir.resolve("null"));
        OutputProblem e = refused(dev);
        assertTrue(e.getMessage().contains("is a character device"), e.getMessage());
        assertEquals(CHAR_DEVICE, HostileFiles.typeBits(dev));
    }

    @Test
    void aSocketIsRefused() throws Exception {
        Path sock = dir.resolve("s.sock");
        try (ServerSocketChannel ignored = HostileFiles.socket(sock)) {
            assertTrue(refused(sock).getMessage().contains("is a socket"));
            assertEquals(SOCKET, HostileFiles.typeBits(sock));
        }
    }

    @Test
    void aFolderIsRefusedAndKeepsItsContents() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("out.png"));
        Files.writeString(folder.resolve("keep.txt"), "keep");
        assertTrue(refused(folder).getMessage().contains("is a folder"));
        assertEquals("keep", Files.readString(folder.resolve("keep.txt")));
    }

    @Test
    void symbolicLinksToSpecialFilesAreRefused() throws Exception {
        Path fifo = HostileFiles.fifo(dir.resolve("pipe"));
        Path toFifo = Files.createSymbolicLink(dir.resolve("to-pipe.png"), fifo);
        Path toDir = Files.createSymbolicLink(dir.resolve("to-dir.png"), Files.createDirectory(dir.resolve("d")));
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.png"), dir.resolve("missing"));
        assertTrue(refused(toFifo).getMessage().contains("is a FIFO (named pipe) (through the symbolic link"), refused(toFifo).getMessage());
        assertTrue(refused(toDir).getMessage().contains("is a folder"));
        assertTrue(refused(dangling).getMessage().contains("symbolic link to a missing file"));
        assertTrue(Files.isSymbolicLink(toFifo) && Files.isSymbolicLink(toDir) && Files.isSymbolicLink(dangling));
        assertEquals(FIFO, HostileFiles.typeBits(fifo));
    }

    @Test
    void aSymbolicLinkToARegularFileKeepsTheLinkAndReplacesItsTarget() throws Exception {
        Path real = dir.resolve("real.png");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.png"), real);
        AtomicFileWriter.write(link, text("new"));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new", Files.readString(real));
    }

    @Test
    void anEmptyNameAndTheWorkingFolderAreRefused() throws Exception {
        assertTrue(refused(Path.of("")).getMessage().contains("the output file name is empty"));
        assertTrue(refused(Path.of(".")).getMessage().contains("is a folder"));
        assertEquals(DIRECTORY, HostileFiles.typeBits(Path.of("").toAbsolutePath()));
    }

    @Test
    void aFileWhereTheFolderShouldBeIsNamed() throws Exception {
        Path scene = Files.writeString(dir.resolve("scene.nff"), "s 0 0 0 1\n");
        Path out = scene.resolve("out.png");
        OutputProblem e = refused(out);
        assertEquals(out + ": " + scene + " is a file, not a folder", e.getMessage());
        assertEquals("s 0 0 0 1\n", Files.readString(scene));
    }

    @Test
    void aFailingWriteNamesTheOutputAndTheReasonAndKeepsTheOldFile() throws Exception {
        Path out = Files.writeString(dir.resolve("out.png"), "old");
        OutputProblem e = assertThrows(OutputProblem.class, () -> AtomicFileWriter.write(out, stream -> {
            stream.write(new byte[100_000]);
            throw new IOException("No space left on device");
        }));
        assertEquals(out + ": No space left on device", e.getMessage());
        assertEquals("old", Files.readString(out));
        assertEquals(List.of(), temporaries(dir));
    }

    @Test
    void anEncoderThatThrowsARuntimeExceptionIsOneLineToo() throws Exception {
        Path out = dir.resolve("out.png");
        OutputProblem e = assertThrows(OutputProblem.class, () -> AtomicFileWriter.write(out, stream -> {
            throw new IllegalStateException("encoder broke", new IOException("No space left on device"));
        }));
        assertEquals(out + ": No space left on device", e.getMessage());
        assertFalse(Files.exists(out));
    }

    @Test
    void aGroupIsWrittenWholeOrNotAtAll() throws Exception {
        Path png = Files.writeString(dir.resolve("out.png"), "old png");
        Path depth = Files.writeString(dir.resolve("out.depth.pfm"), "old depth");
        OutputProblem e = assertThrows(OutputProblem.class, () -> AtomicFileWriter.writeAll(List.of(
                new AtomicFileWriter.Output(png, text("new png")),
                new AtomicFileWriter.Output(depth, stream -> {
                    throw new IOException("No space left on device");
                }))));
        assertTrue(e.getMessage().startsWith(depth + ": "), e.getMessage());
        assertEquals("old png", Files.readString(png), "the first output is not replaced when a later one fails");
        assertEquals("old depth", Files.readString(depth));
        assertEquals(List.of(), temporaries(dir));
        AtomicFileWriter.writeAll(List.of(new AtomicFileWriter.Output(png, text("new png")), new AtomicFileWriter.Output(depth, text("new depth"))));
        assertEquals("new png", Files.readString(png));
        assertEquals("new depth", Files.readString(depth));
    }

    @Test
    void aGroupWithASpecialFileWritesNothing() throws Exception {
        Path png = Files.writeString(dir.resolve("out.png"), "old png");
        Path fifo = HostileFiles.fifo(dir.resolve("out.depth.pfm"));
        assertThrows(OutputProblem.class, () -> AtomicFileWriter.writeAll(List.of(
                new AtomicFileWriter.Output(png, text("new png")), new AtomicFileWriter.Output(fifo, text("depth")))));
        assertEquals("old png", Files.readString(png));
        assertEquals(FIFO, HostileFiles.typeBits(fifo));
    }

    /** A real full disk: a 64 KiB tmpfs (root only; elsewhere the failing stream above stands in). */
    @Test
    void aFullDiskNamesTheOutputAndLeavesTheOldOutputs() throws Exception {
        Path mnt = dir.resolve("full");
        HostileFiles.mountTmpfs(mnt, "64k", false);
        mounts.add(mnt);
        Path png = Files.writeString(mnt.resolve("out.png"), "old png");
        Path depth = Files.writeString(mnt.resolve("out.depth.pfm"), "old depth");
        byte[] big = new byte[1 << 20];
        OutputProblem e = assertThrows(OutputProblem.class, () -> AtomicFileWriter.writeAll(List.of(
                new AtomicFileWriter.Output(png, text("new png")), new AtomicFileWriter.Output(depth, out -> out.write(big)))));
        assertEquals(depth + ": No space left on device", e.getMessage());
        assertEquals("old png", Files.readString(png));
        assertEquals("old depth", Files.readString(depth));
        assertEquals(List.of(), temporaries(mnt));
    }

    @Test
    void aReadOnlyFileSystemIsNamed() throws Exception {
        Path mnt = dir.resolve("ro");
        HostileFiles.mountTmpfs(mnt, "64k", true);
        mounts.add(mnt);
        Path out = mnt.resolve("out.png");
        OutputProblem e = refused(out);
        assertEquals(out + ": Read-only file system", e.getMessage());
    }

    // ---- issue 37, item 9 ----

    @Test
    void aNameOfTheLongestLegalLengthIsWrittenWithATemporaryNameThatFits() throws Exception {
        // 255 bytes is the longest file name Linux's file systems take; the temporary name must fit it too
        for (String name : List.of("a".repeat(251) + ".png", "é".repeat(125) + "x.png", "b".repeat(216) + ".png")) {
            Path target = dir.resolve(name);
            assertTrue(name.getBytes(StandardCharsets.UTF_8).length <= 255, "test bug");
            AtomicFileWriter.write(target, text("new " + name.length()));
            assertEquals("new " + name.length(), Files.readString(target));
            Path tmp = StaleTempFiles.temporaryFor(target, 4_194_304, Long.MAX_VALUE);
            assertTrue(tmp.getFileName().toString().getBytes(StandardCharsets.UTF_8).length <= 255, tmp.toString());
            assertEquals(4_194_304, StaleTempFiles.ownerPid(tmp.getFileName().toString(), name), "its stale temporaries are recognised");
        }
        assertEquals(List.of(), temporaries(dir));
    }

    @Test
    void aTemporaryNameForAnotherProgramFitsAndKeepsItsSuffix() throws Exception {
        Path video = dir.resolve("v".repeat(251) + ".mp4"); // ffmpeg's video: its temporary name must end in .mp4 too
        Path tmp = AtomicFileWriter.temporaryBeside(video, ".mp4");
        assertTrue(tmp.getFileName().toString().endsWith(".mp4"), tmp.toString());
        assertTrue(tmp.getFileName().toString().getBytes(StandardCharsets.UTF_8).length <= 255, tmp.toString());
        Files.writeString(tmp, "frames");
        AtomicFileWriter.release(tmp);
        assertFalse(Files.exists(tmp));
    }

    @Test
    void aNameLongerThanAFolderTakesIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path target = dir.resolve("c".repeat(252) + ".png");
        OutputProblem e = assertThrows(OutputProblem.class, () -> OutputTarget.resolve(target));
        assertTrue(e.getMessage().endsWith(": the file name is 256 bytes long; a folder takes names of at most 255"), e.getMessage());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void termIntAndHupLeaveNoTemporaryFileAndTheOldFile() throws Exception {
        Path target = Files.writeString(dir.resolve("out.png"), "old");
        for (String signal : List.of("TERM", "INT", "HUP")) {
            String javaCommand = ProcessHandle.current().info().command().orElse("java");
            List<String> command = new java.util.ArrayList<>(withDefaultSignals());
            command.addAll(List.of(javaCommand, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                    SlowSave.class.getName(), target.toString()));
            Process saver = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                java.io.BufferedReader said = new java.io.BufferedReader(new java.io.InputStreamReader(saver.getInputStream(), StandardCharsets.UTF_8));
                assertEquals(SlowSave.WRITING, said.readLine(), "the save started");
                assertEquals(1, temporaries(dir).size(), "its temporary file is there while it writes");
                Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(saver.pid())).start();
                assertEquals(0, kill.waitFor());
                assertTrue(saver.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the saver ended on SIG" + signal);
                assertEquals(List.of(), temporaries(dir), "SIG" + signal + " left a temporary file");
                assertEquals("old", Files.readString(target));
            } finally {
                saver.destroyForcibly();
            }
        }
    }

    static List<Path> temporaries(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    /**
     * A prefix that starts the saver with SIGINT, SIGHUP and SIGTERM at their defaults: a test run
     * started in the background (nohup, a script's {@code &}) hands its processes SIGINT and SIGHUP
     * ignored, and a JVM started so keeps them ignored, as it should; this test is about what the
     * saver does when they arrive. Empty where coreutils' env lacks --default-signal.
     */
    private static List<String> withDefaultSignals() throws Exception {
        List<String> prefix = List.of("env", "--default-signal=INT,HUP,TERM");
        try {
            List<String> probeCommand = new java.util.ArrayList<>(prefix);
            probeCommand.add("true");
            Process probe = new ProcessBuilder(probeCommand).start();
            return probe.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && probe.exitValue() == 0 ? prefix : List.of();
        } catch (java.io.IOException e) {
            return List.of();
        }
    }
}
