package org.drtstudio.studio.window;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Where the main window was and how it was divided when the studio last closed: its normal
 * (not maximised) bounds, whether it was maximised, and the widths the user gave the scene tree and
 * the inspector. Kept in the user's settings folder as a small properties file; a missing, unreadable
 * or corrupt file means "no settings" (the window then fits itself to the screen), never a failure.
 */
public record WindowSettings(double x, double y, double width, double height, boolean maximized, double treeWidth, double inspectorWidth) {
    public static final String FILE_NAME = "window.properties";

    /** The settings in {@code file}; empty when there are none, or when they are unusable (said through {@code problems}). */
    public static Optional<WindowSettings> load(Path file, Consumer<String> problems) {
        if (!Files.isRegularFile(file)) return Optional.empty();
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
            WindowSettings s = new WindowSettings(number(p, "x"), number(p, "y"), size(p, "width"), size(p, "height"),
                    Boolean.parseBoolean(p.getProperty("maximized", "false").trim()), size(p, "treeWidth"), size(p, "inspectorWidth"));
            return Optional.of(s);
        } catch (IOException | RuntimeException e) {
            problems.accept("ignoring the window settings in " + file + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Writes the settings to {@code file} (its folder is created), replacing it whole. */
    void save(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("x", Double.toString(x));
        p.setProperty("y", Double.toString(y));
        p.setProperty("width", Double.toString(width));
        p.setProperty("height", Double.toString(height));
        p.setProperty("maximized", Boolean.toString(maximized));
        p.setProperty("treeWidth", Double.toString(treeWidth));
        p.setProperty("inspectorWidth", Double.toString(inspectorWidth));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, "DRT Studio main window, written on close");
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static double number(Properties p, String key) {
        String text = p.getProperty(key);
        if (text == null) throw new IllegalArgumentException("'" + key + "' is missing");
        double v;
        try {
            v = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + key + "' is not a number: '" + text + "'");
        }
        // Beyond any desktop: a corrupt or hand-edited value.
        if (!Double.isFinite(v) || Math.abs(v) > 100_000) throw new IllegalArgumentException("'" + key + "' is out of range: " + text);
        return v;
    }

    private static double size(Properties p, String key) {
        double v = number(p, key);
        if (v <= 0) throw new IllegalArgumentException("'" + key + "' must be positive: " + v);
        return v;
    }
}
