package org.drtstudio.io;

import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.io.project.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The installers' desktop files (installer/share) against what the program reads: the desktop
 * entry's command and MIME types, and the MIME database entry that tells a project from other
 * JSON by its first bytes, which must hold for every project the program writes.
 */
class DesktopIntegrationTest {
    private static final Path SHARE = Path.of("installer", "share");

    @Test
    void theDesktopEntryOpensTheStudioOnTheClickedFileForEveryTypeItClaims() throws Exception {
        Map<String, String> entry = desktopEntry(SHARE.resolve("drt-studio.desktop"));
        assertEquals("Application", entry.get("Type"));
        assertEquals("drt studio %f", entry.get("Exec"), "the installed command, one file per start");
        assertEquals("drt-studio", entry.get("Icon"));
        assertTrue(Files.isRegularFile(SHARE.resolve("drt-studio.svg")) && Files.isRegularFile(SHARE.resolve("drt-studio.png")));
        List<String> types = Arrays.stream(entry.get("MimeType").split(";")).filter(t -> !t.isEmpty()).toList();
        // model/obj is the shared MIME database's own; the others come with the package.
        List<String> declared = new ArrayList<>(mimeTypes().keySet());
        declared.add("model/obj");
        assertTrue(declared.containsAll(types) && types.containsAll(declared), types + " vs " + declared);
    }

    @Test
    void everyProjectTheProgramWritesCarriesTheMimeMagicInItsFirstBytes() throws Exception {
        Element project = mimeTypes().get("application/x-drt-project");
        Element match = (Element) project.getElementsByTagName("match").item(0);
        String value = match.getAttribute("value");
        int end = Integer.parseInt(match.getAttribute("offset").split(":")[1]);
        List<Path> projects = new ArrayList<>();
        for (Path p : new Installation(Path.of("")).samples()) if (ProjectConverter.isProject(p)) projects.add(p);
        assertTrue(projects.size() >= 3, "shipped projects: " + projects);
        for (Path p : projects) {
            assertTrue(head(Files.readAllBytes(p), end + value.length()).contains(value), p + ": no " + value + " in its first " + end + " bytes");
            // As saved now (a shipped file could be older than the writer).
            byte[] written = ProjectFiles.encode(ProjectFiles.read(p).model(), p);
            assertTrue(head(written, end + value.length()).contains(value), p + " as written: no " + value + " in its first " + end + " bytes");
        }
        Element nff = mimeTypes().get("model/x-nff");
        assertEquals("*.nff", ((Element) nff.getElementsByTagName("glob").item(0)).getAttribute("pattern"));
    }

    /** The first {@code n} bytes as text: a match at offsets 0..end reaches at most end + its length. */
    private static String head(byte[] bytes, int n) {
        return new String(bytes, 0, Math.min(n, bytes.length), StandardCharsets.UTF_8);
    }

    private static Map<String, Element> mimeTypes() throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document d = f.newDocumentBuilder().parse(SHARE.resolve("drt-studio-mime.xml").toFile());
        NodeList list = d.getElementsByTagNameNS("*", "mime-type");
        Map<String, Element> out = new LinkedHashMap<>();
        for (int i = 0; i < list.getLength(); i++) {
            Element e = (Element) list.item(i);
            out.put(e.getAttribute("type"), e);
        }
        return out;
    }

    private static Map<String, String> desktopEntry(Path file) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals("[Desktop Entry]", lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            int eq = line.indexOf('=');
            if (eq > 0) out.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return out;
    }
}
