package org.drtstudio.farm;

import org.drtstudio.io.support.AtomicFileWriter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The proof that a farm task's output is complete: {@code OUT.png.sha256} beside the picture, in
 * {@code sha256sum}'s format (so {@code sha256sum -c} checks it too) after a first line naming the
 * job's signature (scene and options). A picture counts as complete only when its sidecar is there,
 * was written for the same job, and every file it lists still has the checksum written: a task
 * killed mid-write, a file truncated or replaced, or a job with other options all count as not done.
 */
public final class Sidecar {
    private static final String HEADER = "# drt farm job ";

    private Sidecar() {
    }

    public static Path of(Path picture) {
        return picture.resolveSibling(picture.getFileName() + ".sha256");
    }

    /** Checksums every file of {@code outputs} and writes the sidecar (atomically: it is there whole or not at all). */
    public static void write(OutputSet outputs, String signature) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append(signature).append('\n');
        for (Path f : outputs.files()) text.append(sha256(f)).append("  ").append(f.getFileName()).append('\n');
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        AtomicFileWriter.write(of(outputs.picture()), out -> out.write(bytes));
    }

    /** Whether {@code outputs} are complete for the job of {@code signature} (see the class comment). */
    public static boolean complete(OutputSet outputs, String signature) {
        Path sidecar = of(outputs.picture());
        try {
            if (!Files.isRegularFile(sidecar) || Files.size(sidecar) > 1 << 16) return false;
            List<String> lines = Files.readAllLines(sidecar, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(HEADER + signature)) return false;
            if (lines.size() != outputs.files().size() + 1) return false;
            for (int i = 0; i < outputs.files().size(); i++) {
                Path f = outputs.files().get(i);
                if (!lines.get(i + 1).equals(sha256(f) + "  " + f.getFileName())) return false;
            }
            return true;
        } catch (IOException e) {
            return false; // unreadable or missing files: not complete, the task renders them again
        }
    }

    static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) digest.update(buffer, 0, n);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** A job's signature: the SHA-256 of the scene file's bytes and of each word of the job's description. */
    public static String signature(Path scene, List<String> words) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        digest.update(sha256(scene).getBytes(StandardCharsets.US_ASCII));
        for (String w : words) {
            digest.update((byte) 0);
            digest.update(w.getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(digest.digest()).substring(0, 32);
    }
}
