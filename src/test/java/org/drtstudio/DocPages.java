package org.drtstudio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The documentation the docs tests read: README.md and every docs/*.md, line by line, each line
 * knowing whether it sits in a fenced code block (where a line continued by a backslash is read
 * together with the next). Run from the project root.
 */
public final class DocPages {
    /** A backticked span of one line. */
    private static final Pattern SPAN = Pattern.compile("`([^`\n]+)`");

    /** One line of a page. {@code code}: inside a ``` block. */
    public record Line(Path page, int number, String text, boolean code) {
        /** page:line, for a failure message. */
        public String where() {
            return page + ":" + number;
        }

        /** What a reader sees as code on this line: the whole line in a block, else each backticked span. */
        public List<String> codeSpans() {
            if (code) return List.of(text);
            List<String> spans = new ArrayList<>();
            Matcher m = SPAN.matcher(text);
            while (m.find()) spans.add(m.group(1));
            return spans;
        }
    }

    private DocPages() {
    }

    /** README.md, then docs/*.md in name order. */
    public static List<Path> pages() {
        if (!Files.isDirectory(Path.of("docs"))) throw new IllegalStateException("run from the project root");
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> s = Files.list(Path.of("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    /** Every line of every page. */
    public static List<Line> lines() {
        List<Line> all = new ArrayList<>();
        for (Path page : pages()) {
            List<String> text;
            try {
                text = Files.readAllLines(page);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            boolean code = false;
            for (int i = 0; i < text.size(); i++) {
                if (text.get(i).stripLeading().startsWith("```")) {
                    code = !code;
                    continue;
                }
                int first = i;
                StringBuilder line = new StringBuilder(text.get(i));
                // A shell line continued with a backslash is one command: read it as one line.
                while (code && line.toString().endsWith("\\") && i + 1 < text.size()) {
                    line.setLength(line.length() - 1);
                    line.append(' ').append(text.get(++i).strip());
                }
                all.add(new Line(page, first + 1, line.toString(), code));
            }
        }
        return all;
    }
}
