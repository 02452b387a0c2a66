package org.drtstudio.io;

import org.drtstudio.io.project.LoadedProject;
import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.ModelLeaf;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scenes and assets shipped with the studio (scenes/, assets/): every sample opens without a
 * warning, uses only shipped files, and every shipped asset has its licence in assets/LICENSES.md.
 */
class ShippedScenesTest {
    private final Installation checkout = new Installation(Path.of(""));

    @Test
    void everySampleOpensWithoutWarningsAndShowsGeometry() throws Exception {
        List<Path> samples = checkout.samples();
        assertTrue(samples.size() >= 4, "default, orbit and the asset samples: " + samples);
        for (Path sample : samples) {
            LoadedProject p = ProjectConverter.open(sample);
            assertEquals(List.of(), p.warnings(), sample + " opens without warnings");
            Scene s = p.model().at(0);
            assertTrue(!s.root().children().isEmpty(), sample + " places something");
        }
    }

    @Test
    void samplesUseOnlyShippedFilesNamedRelativeToThemselves() throws Exception {
        Path assets = checkout.assets(), scenes = checkout.scenes();
        int models = 0;
        for (Path sample : checkout.samples()) {
            if (!ProjectConverter.isProject(sample)) continue;
            // Stored relative, so the scene opens wherever the installation is.
            String text = Files.readString(sample);
            assertTrue(!text.contains("\"file\": \"/") && !text.contains("Texture\": \"/"), sample + " names no absolute path");
            for (var node : ProjectConverter.open(sample).model().nodes()) {
                if (node instanceof ModelLeaf leaf) {
                    Path f = leaf.asset().file().toAbsolutePath().normalize();
                    assertTrue(f.startsWith(assets) || f.startsWith(scenes), sample + " uses " + f + ", not shipped");
                    models++;
                }
            }
        }
        assertTrue(models >= 3, "the samples place the shipped models: " + models);
    }

    @Test
    void everyAssetIsNamedInTheLicencesAndTheFolderStaysSmall() throws Exception {
        String licences = Files.readString(checkout.assets().resolve("LICENSES.md"));
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(checkout.assets())) {
            walk.filter(Files::isRegularFile).forEach(files::add);
        }
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
            String relative = checkout.assets().relativize(f).toString().replace('\\', '/');
            if (relative.equals("LICENSES.md")) continue;
            assertTrue(licences.contains("`" + relative + "`"),
                    relative + " is not in assets/LICENSES.md");
        }
        // The repository stays small (issue 15: under 15 MB in all); the assets take at most 2 MiB of it.
        assertTrue(bytes < 2 << 20, "assets/ holds " + bytes + " bytes");
    }
}
