package org.drtstudio.render.gl;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GLSL text ready for the driver, made by {@link ShaderLoader}, and the list of files it was
 * assembled from. The text carries {@code #line LINE FILE_INDEX} directives, so the driver reports
 * errors as (source string = index into {@link #files()}, line in that file);
 * {@link #translateLog} turns those back into file names.
 *
 * @param name  the main file, relative to the shader root, e.g. {@code "trace.comp"}
 * @param text  the assembled source
 * @param files the files in source-string order; index 0 is the main file
 */
public record ShaderSource(String name, String text, List<String> files) {
    /** Mesa: {@code 0:12(5): error: ...} (source string : line (column)). */
    private static final Pattern MESA = Pattern.compile("^(\\d+):(\\d+)\\((\\d+)\\): (.*)$");
    /** NVIDIA: {@code 0(12) : error C0000: ...}. */
    private static final Pattern NVIDIA = Pattern.compile("^(\\d+)\\((\\d+)\\) : (.*)$");
    /** AMD, Intel on Windows, glslang: {@code ERROR: 0:12: ...}. */
    private static final Pattern PREFIXED = Pattern.compile("^(ERROR|WARNING): (\\d+):(\\d+): (.*)$");

    public ShaderSource {
        files = List.copyOf(files);
    }

    /**
     * Rewrites each line of a driver's compile log that names a source string and line into
     * {@code file:line: message} (Mesa keeps its column: {@code file:line:column: message}).
     * Lines in other formats are kept as they are.
     */
    public String translateLog(String log) {
        StringBuilder out = new StringBuilder();
        for (String line : log.strip().split("\\R")) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(translateLine(line));
        }
        return out.toString();
    }

    private String translateLine(String line) {
        Matcher m = MESA.matcher(line);
        if (m.matches() && known(m.group(1))) {
            return file(m.group(1)) + ":" + m.group(2) + ":" + m.group(3) + ": " + m.group(4);
        }
        m = NVIDIA.matcher(line);
        if (m.matches() && known(m.group(1))) {
            return file(m.group(1)) + ":" + m.group(2) + ": " + m.group(3);
        }
        m = PREFIXED.matcher(line);
        if (m.matches() && known(m.group(2))) {
            return file(m.group(2)) + ":" + m.group(3) + ": " + m.group(1).toLowerCase() + ": " + m.group(4);
        }
        return line;
    }

    private boolean known(String index) {
        return index.length() < 6 && Integer.parseInt(index) < files.size();
    }

    private String file(String index) {
        return files.get(Integer.parseInt(index));
    }
}
