package org.drtstudio.studio.export;

import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.studio.StudioWindow;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the export dialog's first offer points: a project's folder, a model's folder, or nowhere in particular. */
class ExportDefaultsTest {
    private final SceneModel model = StudioWindow.emptyModel();

    @Test
    void aSavedProjectIsOfferedItsOwnFolder() {
        ExportDefaults d = new ExportDefaults();
        Path project = Path.of("/work/shots/scene.json");
        assertEquals(Path.of("/work/shots/render.png"), d.offer(model, project, false, true).output());
    }

    @Test
    void anUntitledSceneOpenedFromAModelIsOfferedTheModelsFolder() {
        ExportDefaults d = new ExportDefaults();
        d.untitledOpenedFrom(Path.of("/data/models/bunny.obj"));
        assertEquals(Path.of("/data/models/render.png"), d.offer(model, null, false, true).output());
        assertEquals(Path.of("/data/models/frame_####.png"), d.offer(model, null, true, true).output());
    }

    @Test
    void aNewSceneForgetsTheModelsFolder() {
        ExportDefaults d = new ExportDefaults();
        d.untitledOpenedFrom(Path.of("/data/models/bunny.obj"));
        d.untitledBecomes(null);
        assertNull(d.offer(model, null, false, true).output().getParent(), "no folder: the chooser's own");
    }

    @Test
    void aFirstExportIsDenoisedAsThePreviewIsThenAsTheLastExportWas() {
        ExportDefaults d = new ExportDefaults();
        Path project = Path.of("/work/shots/scene.json");
        assertTrue(d.offer(model, project, false, true).denoise(), "the preview denoises: so does the first still");
        assertFalse(d.offer(model, project, false, false).denoise(), "the preview does not: nor does the still");
        d.remember(project, new ExportSettings(Path.of("/work/shots/a.png"), 64, 36, 4, false, 0, 0, false));
        assertFalse(d.offer(model, project, false, true).denoise(), "the user's last choice wins");
    }

    @Test
    void theLastExportsFormatIsOfferedAgain() {
        ExportDefaults d = new ExportDefaults();
        Path project = Path.of("/work/shots/scene.json");
        d.remember(project, new ExportSettings(Path.of("/work/out/f_####.exr"), 64, 36, 4, false, 0, 11));
        assertEquals(Path.of("/work/out/frame_####.exr"), d.offer(model, project, true, true).output(), "OpenEXR stays OpenEXR");
        assertEquals(Path.of("/work/out/render.exr"), d.offer(model, project, false, true).output());
        d.remember(project, new ExportSettings(Path.of("/work/out/still.pfm"), 64, 36, 4, true, 0, 0));
        assertEquals(Path.of("/work/out/render.pfm"), d.offer(model, project, false, true).output());
        d.remember(project, new ExportSettings(Path.of("/work/out/still.PNG"), 64, 36, 4, false, 0, 0));
        assertEquals(Path.of("/work/out/render.png"), d.offer(model, project, false, true).output());
    }

    @Test
    void theLastExportStillWinsOverTheModelsFolder() {
        ExportDefaults d = new ExportDefaults();
        d.untitledOpenedFrom(Path.of("/data/models/bunny.obj"));
        d.remember(null, new ExportSettings(Path.of("/renders/a.png"), 64, 36, 4, false, 0, 0));
        assertEquals(Path.of("/renders/render.png"), d.offer(model, null, false, true).output());
    }
}
