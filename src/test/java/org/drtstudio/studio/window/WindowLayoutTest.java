package org.drtstudio.studio.window;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The main window's size and column arithmetic, and its settings file. */
class WindowLayoutTest {
    private static final WindowLayout.Rect SCREEN = new WindowLayout.Rect(0, 0, 1600, 1000);

    @Test
    void aFirstWindowCoversEightyPercentOfTheScreenCentred() {
        WindowLayout.Rect r = WindowLayout.initialBounds(SCREEN, Optional.empty());
        assertEquals(1280, r.width(), 1e-9);
        assertEquals(800, r.height(), 1e-9);
        assertEquals(160, r.x(), 1e-9);
        assertEquals(100, r.y(), 1e-9);
    }

    @Test
    void onASmallScreenItIsAtLeast1024x640WhereTheScreenAllows() {
        WindowLayout.Rect r = WindowLayout.initialBounds(new WindowLayout.Rect(0, 0, 1152, 700), Optional.empty());
        assertEquals(1024, r.width(), 1e-9);
        assertEquals(640, r.height(), 1e-9);
        WindowLayout.Rect tiny = WindowLayout.initialBounds(new WindowLayout.Rect(0, 0, 800, 600), Optional.empty());
        assertEquals(800, tiny.width(), 1e-9);
        assertEquals(600, tiny.height(), 1e-9);
    }

    @Test
    void savedBoundsAreUsedWhileMostlyOnTheScreen() {
        WindowSettings s = new WindowSettings(100, 50, 1000, 700, false, 200, 300);
        assertEquals(new WindowLayout.Rect(100, 50, 1000, 700), WindowLayout.initialBounds(SCREEN, Optional.of(s)));
        WindowSettings offScreen = new WindowSettings(3000, 50, 1000, 700, false, 200, 300);
        assertEquals(1280, WindowLayout.initialBounds(SCREEN, Optional.of(offScreen)).width(), 1e-9, "a window left on a screen now gone");
        WindowSettings tooSmall = new WindowSettings(100, 50, 200, 200, false, 200, 300);
        double[] min = WindowLayout.minimumSize(SCREEN);
        assertEquals(min[0], WindowLayout.initialBounds(SCREEN, Optional.of(tooSmall)).width(), 1e-9);
    }

    @Test
    void columnsKeepTheirWidthsUntilTheViewportNeedsTheRoomAndNeverGoBelowTheirMinimums() {
        double[] roomy = WindowLayout.columnWidths(1500, 250, 400);
        assertEquals(250, roomy[0], 1e-9);
        assertEquals(400, roomy[1], 1e-9);
        for (double total = 780; total <= 2000; total += 7) {
            double[] w = WindowLayout.columnWidths(total, 250, 400);
            assertTrue(w[0] >= WindowLayout.MIN_TREE - 1e-9 && w[1] >= WindowLayout.MIN_INSPECTOR - 1e-9, "columns at " + total);
            assertTrue(total - w[0] - w[1] >= WindowLayout.MIN_VIEWPORT - 1e-9, "viewport at " + total);
        }
        // A sliver a user (or a bad settings file) asked for is raised to the minimum.
        double[] slivers = WindowLayout.columnWidths(1500, 10, 60);
        assertEquals(WindowLayout.MIN_TREE, slivers[0], 1e-9);
        assertEquals(WindowLayout.MIN_INSPECTOR, slivers[1], 1e-9);
    }

    @Test
    void settingsRoundTripAndACorruptFileIsIgnoredWithItsReason(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("sub").resolve(WindowSettings.FILE_NAME);
        WindowSettings s = new WindowSettings(12.5, 40, 1300, 820, true, 230, 355);
        s.save(f);
        List<String> problems = new ArrayList<>();
        assertEquals(Optional.of(s), WindowSettings.load(f, problems::add));
        assertTrue(problems.isEmpty());

        Files.writeString(f, "x=1\ny=2\nwidth=NaN\nheight=600\ntreeWidth=200\ninspectorWidth=300\n");
        assertEquals(Optional.empty(), WindowSettings.load(f, problems::add));
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains(f.toString()) && problems.get(0).contains("'width' is out of range: NaN"), problems.get(0));

        Files.write(f, new byte[]{(byte) 0xff, 0, 1, 2, '\\', 'u', 'z', 'z'});
        assertEquals(Optional.empty(), WindowSettings.load(f, problems::add));
        assertEquals(2, problems.size());
        assertEquals(Optional.empty(), WindowSettings.load(dir.resolve("absent"), problems::add), "no file: no settings, no message");
        assertEquals(2, problems.size());
    }
}
