package org.drtstudio;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The docs name files that exist: every repository path a page names ({@code scripts/…},
 * {@code scenes/…}, {@code assets/…}, {@code docs/…}, {@code shaders/…}, {@code installer/…}, from the
 * project root; a {@code *} matches within one folder) and every relative link or image of a page
 * (from the page's own folder), and the heading a link's anchor names. A file moved or deleted, or a
 * section renamed, without its docs fails here; so does an image no page shows any more, which should
 * go with the text that showed it.
 */
class DocumentedPathsTest {
    private static final Pattern REPO_PATH = Pattern.compile(
            "(?<![\\w./-])((?:scripts|scenes|assets|docs|shaders|installer)/[\\w.*/-]*[\\w*])");
    /** A Markdown link or image target that is not a web address or an anchor alone; group 2: its anchor. */
    private static final Pattern LINK = Pattern.compile("\\]\\((?!https?:|#|mailto:)([^)#\\s]+)(?:#([^)]*))?\\)");
    /** A link to a heading of the same page. */
    private static final Pattern SAME_PAGE = Pattern.compile("\\]\\(#([^)]+)\\)");

    @Test
    void theDetectorFindsPathsAndLinks() {
        assertEquals(List.of("scripts/test.sh", "shaders/wavefront*.comp"),
                repoPaths("run `bash scripts/test.sh`, see shaders/wavefront*.comp. Not /tmp/scenes/x.nff"));
        assertEquals(List.of("images/a.png", "RESULTS.md"), links("![a](images/a.png) [r](RESULTS.md#x) [w](https://x/y) [s](#z)"));
        assertTrue(anchors(List.of("## The tests' one-machine cluster", "```", "# not a heading", "```", "## Several GPUs (issue 19)"))
                .containsAll(List.of("the-tests-one-machine-cluster", "several-gpus-issue-19")));
    }

    @Test
    void everyPathAndLinkTheDocsNameExists() {
        List<String> missing = new ArrayList<>();
        for (DocPages.Line line : DocPages.lines()) {
            for (String path : repoPaths(line.text())) {
                if (!exists(Path.of(path))) missing.add(line.where() + ": " + path);
            }
            for (String link : links(line.text())) {
                if (!Files.exists(line.page().resolveSibling(link))) missing.add(line.where() + ": link " + link);
            }
        }
        assertEquals(List.of(), missing, "the docs name files the repository does not have");
    }

    @Test
    void everyAnchorALinkNamesIsAHeadingOfItsPage() throws IOException {
        List<String> missing = new ArrayList<>();
        for (DocPages.Line line : DocPages.lines()) {
            Matcher m = LINK.matcher(line.text());
            while (m.find()) {
                Path target = line.page().resolveSibling(m.group(1));
                if (m.group(2) != null && target.toString().endsWith(".md") && Files.exists(target)
                        && !anchors(target).contains(m.group(2))) missing.add(line.where() + ": " + m.group(1) + "#" + m.group(2));
            }
            Matcher same = SAME_PAGE.matcher(line.text());
            while (same.find()) {
                if (!anchors(line.page()).contains(same.group(1))) missing.add(line.where() + ": #" + same.group(1));
            }
        }
        assertEquals(List.of(), missing, "links to sections the pages do not have");
    }

    /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
    static List<String> anchors(Path page) throws IOException {
        return anchors(Files.readAllLines(page));
    }

    static List<String> anchors(List<String> lines) {
        List<String> anchors = new ArrayList<>();
        boolean code = false;
        for (String line : lines) {
            if (line.startsWith("```")) code = !code;
            if (code || !line.startsWith("#")) continue;
            String title = line.replaceFirst("^#+\\s*", "").toLowerCase(java.util.Locale.ROOT);
            anchors.add(title.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
        }
        return anchors;
    }

    @Test
    void everyImageUnderDocsIsShownByAPage() throws IOException {
        List<String> shown = new ArrayList<>();
        for (DocPages.Line line : DocPages.lines()) {
            for (String link : links(line.text())) shown.add(line.page().resolveSibling(link).normalize().toString());
            shown.addAll(repoPaths(line.text()));
        }
        List<String> unshown = new ArrayList<>();
        try (Stream<Path> images = Files.walk(Path.of("docs/images"))) {
            images.filter(p -> p.toString().endsWith(".png")).map(Path::toString).sorted()
                    .filter(p -> !shown.contains(p)).forEach(unshown::add);
        }
        assertEquals(List.of(), unshown, "pictures no page shows: delete them (git keeps them)");
    }

    static List<String> repoPaths(String text) {
        List<String> found = new ArrayList<>();
        Matcher m = REPO_PATH.matcher(text);
        while (m.find()) found.add(m.group(1));
        return found;
    }

    static List<String> links(String text) {
        List<String> found = new ArrayList<>();
        Matcher m = LINK.matcher(text);
        while (m.find()) found.add(m.group(1));
        return found;
    }

    private static boolean exists(Path path) {
        String name = path.getFileName().toString();
        if (!name.contains("*")) return Files.exists(path);
        PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + name);
        try (Stream<Path> s = Files.list(path.getParent())) {
            return s.anyMatch(p -> glob.matches(p.getFileName()));
        } catch (IOException e) {
            return false;
        }
    }
}
