package org.drtstudio.farm;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that runs this very program again on a cluster node: the same Java runtime, the
 * same JVM options (the launcher's class-data archive, native library path, module path for
 * JavaFX, {@code JAVA_OPTS}), the same class path — so a checkout's {@code ./drt}, the .deb's
 * {@code drt} and the portable {@code bin/drt} each farm out to themselves. A cluster needs that
 * installation at the same path on every node (a shared filesystem, or the same unpacked copy).
 */
public record TaskCommand(List<String> words) {
    /** The application's entry point, which every launcher runs. */
    public static final String MAIN_CLASS = "org.drtstudio.app.Main";

    public TaskCommand {
        words = List.copyOf(words);
    }

    public static TaskCommand ofThisJvm() {
        List<String> words = new ArrayList<>();
        words.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        words.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        words.add("-cp");
        words.add(System.getProperty("java.class.path"));
        words.add(MAIN_CLASS);
        return new TaskCommand(words);
    }

    /** This command followed by {@code arguments}, each word quoted for /bin/sh. */
    public String shellLine(List<String> arguments) {
        StringBuilder sb = new StringBuilder();
        for (String w : words) sb.append(sb.length() == 0 ? "" : " ").append(quote(w));
        for (String a : arguments) sb.append(' ').append(quote(a));
        return sb.toString();
    }

    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
