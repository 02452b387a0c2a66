package org.drtstudio.studio;

import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Region;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.studio.window.WindowLayout;
import org.drtstudio.studio.window.WindowSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The main window under a window manager (scripts/test.sh runs the UI tests on a 1600 x 1000 Xvfb
 * desktop with openbox): it opens at a size that suits the screen, keeps every column usable when
 * maximised, shrunk and grown, and opens the next time as it was left. Each window is made the way
 * {@code drt studio} makes it (no size given by the test).
 */
class StudioWindowSizeUiTest {
    private final FxRobot robot = new FxThreadRobot();
    private final StudioHarness.ScriptedDialogs dialogs = new StudioHarness.ScriptedDialogs();
    private Path home;
    private StudioWindow window;

    @BeforeEach
    void setUp() throws Exception {
        StudioHarness.assumeDisplay();
        FxToolkit.registerPrimaryStage();
        home = StudioHarness.tempDir("drt-studio-home");
    }

    @AfterEach
    void tearDown() throws Exception {
        close();
    }

    private void open() throws Exception {
        window = fx(() -> {
            StudioWindow w = new StudioWindow(new Stage(), n -> new CpuRenderer(1), n -> new CpuRenderer(1), dialogs,
                    new StudioWindow.Config(home, 0));
            w.show(null);
            return w;
        });
        // The window manager maps and sizes the window asynchronously; wait until it settled.
        waitUntil(() -> window.stage.isShowing() && window.viewport.getWidth() > 0 && window.sizing.isSettled(), 20, "window shown");
        settle();
    }

    private void close() throws Exception {
        if (window == null) return;
        StudioWindow w = window;
        window = null;
        fx(() -> {
            w.closeWithoutAsking();
            return null;
        });
    }

    /** Waits until the window's size has stayed the same for a few pulses (the window manager answered). */
    private void settle() throws Exception {
        double[] last = {-1, -1};
        int[] same = {0};
        waitUntil(() -> {
            double w = window.stage.getWidth(), h = window.stage.getHeight(), t = window.inspector.getWidth();
            if (w == last[0] && h + t == last[1]) same[0]++;
            else same[0] = 0;
            last[0] = w;
            last[1] = h + t;
            return same[0] >= 10;
        }, 10, "window size settled");
    }

    private Region column(int i) throws Exception {
        return fx(() -> (Region) split().getItems().get(i));
    }

    private SplitPane split() {
        return (SplitPane) window.viewport.getParent().getParent();
    }

    private void assertColumnsUsable(String when) throws Exception {
        double tree = fx(() -> column(0).getWidth()), view = fx(() -> column(1).getWidth()), insp = fx(() -> column(2).getWidth());
        assertTrue(tree >= WindowLayout.MIN_TREE - 1, when + ": scene tree " + tree + " px wide");
        assertTrue(view >= WindowLayout.MIN_VIEWPORT - 1, when + ": viewport " + view + " px wide");
        assertTrue(insp >= WindowLayout.MIN_INSPECTOR - 1, when + ": inspector " + insp + " px wide");
    }

    @Test
    void opensAtMostOfTheScreenAndKeepsUsableColumnsWhenMaximisedShrunkAndGrown() throws Exception {
        open();
        Rectangle2D screen = fx(() -> Screen.getPrimary().getVisualBounds());
        double w = fx(() -> window.stage.getWidth()), h = fx(() -> window.stage.getHeight());
        assertTrue(w >= Math.min(1024, screen.getWidth()) && h >= Math.min(640, screen.getHeight()),
                "first window " + w + " x " + h + " on a " + screen.getWidth() + " x " + screen.getHeight() + " screen");
        assertEquals(0.8 * screen.getWidth(), w, 0.05 * screen.getWidth(), "about 80 % of the screen's width");
        assertColumnsUsable("first window");
        double inspectorAtStart = fx(() -> column(2).getWidth());

        fx(() -> {
            window.stage.setMaximized(true);
            return null;
        });
        waitUntil(() -> window.stage.getWidth() > screen.getWidth() * 0.95, 10, "maximised");
        settle();
        assertColumnsUsable("maximised");
        assertEquals(inspectorAtStart, fx(() -> column(2).getWidth()), 3, "maximising gives the room to the viewport, not a sliver of inspector");

        fx(() -> {
            window.stage.setMaximized(false);
            return null;
        });
        settle();
        fx(() -> {
            window.stage.setWidth(500);
            window.stage.setHeight(350);
            return null;
        });
        settle();
        assertColumnsUsable("after asking for 500 x 350");
        fx(() -> {
            window.stage.setWidth(1400);
            window.stage.setHeight(900);
            return null;
        });
        settle();
        assertColumnsUsable("shrunk, then grown to 1400 x 900");
        assertEquals(inspectorAtStart, fx(() -> column(2).getWidth()), 3, "growing again gives the inspector its width back");
    }

    @Test
    void remembersBoundsDividersAndMaximisedStateBetweenRuns() throws Exception {
        open();
        fx(() -> {
            window.stage.setX(120);
            window.stage.setY(90);
            window.stage.setWidth(1200);
            window.stage.setHeight(760);
            return null;
        });
        settle();
        double x = fx(() -> window.stage.getX()), y = fx(() -> window.stage.getY());
        // Drag the divider between viewport and inspector 90 px to the left: a wider inspector.
        Node divider = fx(() -> split().lookupAll(".split-pane-divider").stream().skip(1).findFirst().orElseThrow());
        double before = fx(() -> column(2).getWidth());
        robot.drag(divider, MouseButton.PRIMARY).moveBy(-90, 0).drop();
        waitUntil(() -> ((Region) split().getItems().get(2)).getWidth() > before + 80, 5, "inspector widened by the divider");
        double widened = fx(() -> column(2).getWidth());
        close();

        open();
        assertEquals(1200, fx(() -> window.stage.getWidth()), 2, "width remembered");
        assertEquals(760, fx(() -> window.stage.getHeight()), 2, "height remembered");
        assertEquals(x, fx(() -> window.stage.getX()), 2, "x remembered");
        assertEquals(y, fx(() -> window.stage.getY()), 2, "y remembered");
        assertEquals(widened, fx(() -> column(2).getWidth()), 3, "the inspector's width remembered");
        fx(() -> {
            window.stage.setMaximized(true);
            return null;
        });
        waitUntil(() -> window.stage.isMaximized(), 5, "maximised");
        close();

        open();
        waitUntil(() -> window.stage.isMaximized(), 5, "opens maximised as it was left");
        // The window manager has maximised it (JavaFX reports the request at once).
        Rectangle2D screen = fx(() -> Screen.getPrimary().getVisualBounds());
        waitUntil(() -> window.stage.getWidth() > screen.getWidth() * 0.95, 5, "maximised by the window manager");
        settle();
        fx(() -> {
            window.stage.setMaximized(false);
            return null;
        });
        waitUntil(() -> Math.abs(window.stage.getWidth() - 1200) <= 2 && Math.abs(window.stage.getHeight() - 760) <= 2, 5,
                "un-maximised to the size it had before (1200 x 760)");
    }

    @Test
    void aCorruptSettingsFileIsIgnoredWithAMessage() throws Exception {
        Files.writeString(home.resolve(WindowSettings.FILE_NAME),
                "x=10\ny=10\nwidth=wide\nheight=600\nmaximized=false\ntreeWidth=200\ninspectorWidth=300\n\u0000\u0001garbage=\n");
        open();
        double w = fx(() -> window.stage.getWidth());
        assertTrue(w >= 1000, "opens at the screen's default size: " + w);
        String message = fx(() -> window.statusMessage());
        assertTrue(message.contains(WindowSettings.FILE_NAME) && message.contains("'width' is not a number: 'wide'"), "says which file and value it ignored: " + message);
    }
}
