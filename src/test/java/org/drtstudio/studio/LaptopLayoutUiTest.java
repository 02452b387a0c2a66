package org.drtstudio.studio;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Cell;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Text;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.studio.window.WindowLayout;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 39, item 3: on a 1366×768 laptop the studio's default window (80 % of the screen,
 * {@link WindowLayout#initialBounds}) and its minimum size show every control's whole label, or
 * an icon or shortened label whose tooltip says it whole, and every text field wide enough for its
 * value; an export's Cancel button too. Measured on the laid-out controls: a label JavaFX had to
 * shorten shows "…" in its text node.
 */
class LaptopLayoutUiTest {
    private final StudioHarness h = new StudioHarness();

    @BeforeEach
    void open() throws Exception {
        WindowLayout.Rect laptop = WindowLayout.initialBounds(new WindowLayout.Rect(0, 0, 1366, 768), Optional.empty());
        h.start(TestData.resource("studio/stage.nff"), laptop.width(), laptop.height());
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void theDefaultLaptopWindowShowsEveryLabelWhole() throws Exception {
        assertEquals(List.of(), fx(this::cutControls), "controls cut at " + size());
    }

    @Test
    void theMinimumWindowShowsEveryLabelWhole() throws Exception {
        fx(() -> {
            h.window.stage.setWidth(h.window.stage.getMinWidth());
            h.window.stage.setHeight(h.window.stage.getMinHeight());
            return null;
        });
        waitUntil(() -> Math.abs(h.window.stage.getWidth() - h.window.stage.getMinWidth()) < 2, 10, "window at its minimum size");
        waitUntil(() -> cutControls().isEmpty(), 3, "every control whole at the minimum size");
        assertEquals(List.of(), fx(this::cutControls), "controls cut at " + size());
    }

    @Test
    void anExportsCancelButtonShowsItsLabel() throws Exception {
        Path out = StudioHarness.tempDir("drt-layout-export").resolve("long.png");
        fx(() -> {
            h.window.files.export(new ExportSettings(out, 1920, 1080, 4096, false, 0, 0), false, m -> { });
            return null;
        });
        waitUntil(() -> h.window.jobRunning(), 10, "export running");
        waitUntil(() -> cutControls().isEmpty(), 3, "every control whole while exporting");
        assertEquals(List.of(), fx(this::cutControls), "controls cut while exporting at " + size());
        fx(() -> {
            ((javafx.scene.control.Button) h.window.stage.getScene().lookup("#cancelJob")).fire();
            return null;
        });
        waitUntil(() -> !h.window.jobRunning(), 30, "export cancelled");
    }

    /** A message is cut only once the renderer's line (the same all session, its tooltip saying it) has given way. */
    @Test
    void aMessageIsShownWholeBeforeTheRenderersLine() throws Exception {
        String text = "exported spot_triangulated.exr (1920x1080, 256 spp) in 1 min 4 s";
        fx(() -> {
            h.window.message(text);
            return null;
        });
        Labeled message = (Labeled) fx(() -> h.window.stage.getScene().lookup("#messageLabel"));
        Labeled renderer = (Labeled) fx(() -> h.window.stage.getScene().lookup("#rendererLabel"));
        long end = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < end && !text.equals(fx(() -> shownText(message)))) Thread.sleep(50);
        assertEquals(text, fx(() -> shownText(message)), "the message at " + size() + "; the renderer's line shows \""
                + fx(() -> shownText(renderer)) + "\"");
    }

    private String size() throws Exception {
        return fx(() -> h.window.stage.getWidth() + " x " + h.window.stage.getHeight());
    }

    /** FX thread: every shown control whose label was shortened without a tooltip saying it whole, or whose field is too narrow for its value. */
    private List<String> cutControls() {
        List<String> cut = new ArrayList<>();
        collect(h.window.stage.getScene().getRoot(), cut);
        return cut;
    }

    private static void collect(Node n, List<String> cut) {
        if (!n.isVisible()) return;
        if (n instanceof Cell<?>) return; // rows of the tree and a list's cells scroll or shorten by design
        // A label whose text changed since the last layout pulse (an export's progress) still draws the old text
        // until the next pulse: only a laid-out label can be said to be cut (one showed "" for "0 %" on a busy machine).
        if (n instanceof Labeled l && !l.isNeedsLayout() && l.getText() != null && !l.getText().isEmpty()) {
            String shown = shownText(l);
            Tooltip tip = l.getTooltip();
            boolean tipSaysIt = tip != null && tip.getText() != null && tip.getText().contains(l.getText());
            if (shown != null && !shown.equals(l.getText()) && !tipSaysIt) cut.add(describe(l) + " shows \"" + shown + "\"");
        }
        if (n instanceof TextField f) {
            Text probe = new Text(f.getText().isEmpty() ? "0000" : f.getText());
            probe.setFont(f.getFont());
            double needed = probe.getLayoutBounds().getWidth() + f.getPadding().getLeft() + f.getPadding().getRight();
            if (f.getWidth() < needed) cut.add(describe(f) + " is " + Math.round(f.getWidth()) + " px wide for \"" + f.getText() + "\"");
        }
        if (n instanceof javafx.scene.control.ScrollPane sp && sp.getContent() != null) {
            // A column (the inspector's) that scrolls sideways cuts its labels on the left or right.
            double content = sp.getContent().getLayoutBounds().getWidth(), room = sp.getViewportBounds().getWidth();
            if (content > room + 1) cut.add(describe(sp) + " scrolls sideways: " + Math.round(content) + " px of content in " + Math.round(room));
        }
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) collect(c, cut);
    }

    /** The text a label's skin draws (shortened with "…" where it must), or null before its skin exists. */
    private static String shownText(Labeled l) {
        for (Node c : l.getChildrenUnmodifiable()) if (c instanceof Text t) return t.getText();
        return null;
    }

    private static String describe(javafx.scene.control.Control c) {
        String name = c.getId() != null ? "#" + c.getId() : c.getClass().getSimpleName();
        return name + (c instanceof Labeled l ? " '" + l.getText() + "'" : "");
    }
}
