package org.drtstudio.studio.dialogs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where the file choosers open: beside the file last chosen or opened, whichever came last, while its folder exists. */
class ChooserFolderTest {
    @Test
    void besideTheLastFileUsed(@TempDir Path dir) throws Exception {
        ChooserFolder folder = new ChooserFolder();
        assertEquals(Optional.empty(), folder.folder(), "nothing used yet: the platform's default");
        Path models = Files.createDirectories(dir.resolve("models")), renders = Files.createDirectories(dir.resolve("renders"));
        folder.used(models.resolve("spot.obj"));
        assertEquals(Optional.of(models), folder.folder());
        folder.used(renders.resolve("frame.png"));
        assertEquals(Optional.of(renders), folder.folder(), "the later file wins");
    }

    @Test
    void notAFolderThatIsGone(@TempDir Path dir) throws Exception {
        ChooserFolder folder = new ChooserFolder();
        Path gone = Files.createDirectories(dir.resolve("gone"));
        folder.used(gone.resolve("model.obj"));
        Files.delete(gone);
        assertEquals(Optional.empty(), folder.folder());
    }
}
