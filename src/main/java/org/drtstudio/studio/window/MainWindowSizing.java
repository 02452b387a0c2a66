package org.drtstudio.studio.window;

import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Sizes the main window and its three columns, and remembers them between runs
 * ({@link WindowSettings} in the settings folder). A window manager gives a window without an
 * explicit size whatever it likes (openbox: 200 x 200), so the window always gets one: last run's
 * bounds where they are still on a screen, else {@link WindowLayout#initialBounds}. The columns are
 * laid out from the widths the user last dragged them to, on every change of the window's width, so
 * maximising, or shrinking and growing again, never leaves the tree or the inspector a sliver.
 */
public final class MainWindowSizing {
    private final Stage stage;
    private final SplitPane split;
    private final Region tree, viewport, inspector;
    private final Path file;
    private final Consumer<String> messages;
    private double treeWidth = WindowLayout.DEFAULT_TREE, inspectorWidth = WindowLayout.DEFAULT_INSPECTOR;
    /** The window's bounds when last neither maximised nor minimised: what is saved for a maximised window. */
    private WindowLayout.Rect normalBounds;
    private boolean placing;

    public MainWindowSizing(Stage stage, SplitPane split, Region tree, Region viewport, Region inspector, Path settingsFile, Consumer<String> messages) {
        this.stage = stage;
        this.split = split;
        this.tree = tree;
        this.viewport = viewport;
        this.inspector = inspector;
        this.file = settingsFile;
        this.messages = messages;
        tree.setMinWidth(WindowLayout.MIN_TREE);
        viewport.setMinWidth(WindowLayout.MIN_VIEWPORT);
        inspector.setMinWidth(WindowLayout.MIN_INSPECTOR);
        SplitPane.setResizableWithParent(tree, false);
        SplitPane.setResizableWithParent(inspector, false);
        // Again after the split pane's own layout of the new width, which hands all of a change to the
        // viewport (tree and inspector do not resize with the window) and would keep a squeezed column squeezed.
        split.widthProperty().addListener((o, a, w) -> {
            layColumns();
            Platform.runLater(this::layColumns);
        });
        // A divider let go: the columns' new widths are what the user wants from now on.
        split.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> Platform.runLater(this::rememberColumns));
        for (var p : java.util.List.of(stage.xProperty(), stage.yProperty(), stage.widthProperty(), stage.heightProperty())) {
            p.addListener((o, a, b) -> {
                // Not while the window manager maps the window: its passing reports are not the user's size.
                if (!stage.isMaximized() && !stage.isIconified() && stage.isShowing() && !placing && isSettled) normalBounds = bounds();
            });
        }
        restoreNormalBoundsAfterUnmaximise();
    }

    /**
     * Un-maximising goes back to the remembered normal bounds. A window that was maximised before
     * the window manager saw its normal size (opened maximised) is restored by openbox to the whole
     * screen, or to a size that arrives late; so shortly after the restore the bounds are checked
     * and put back where they are far off.
     */
    private void restoreNormalBoundsAfterUnmaximise() {
        stage.maximizedProperty().addListener((o, was, now) -> {
            if (!was || now || !isSettled || normalBounds == null) return;
            WindowLayout.Rect r = normalBounds;
            javafx.animation.PauseTransition check = new javafx.animation.PauseTransition(javafx.util.Duration.millis(300));
            check.setOnFinished(e -> {
                if (stage.isMaximized()) return;
                if (Math.abs(stage.getWidth() - r.width()) > 40 || Math.abs(stage.getHeight() - r.height()) > 60) {
                    stage.setX(r.x());
                    stage.setY(r.y());
                    stage.setWidth(r.width());
                    stage.setHeight(r.height());
                }
            });
            check.play();
        });
    }

    /** Before the window is first shown: its bounds, minimum size and column widths, from the saved settings or the screen. */
    public void place() {
        Optional<WindowSettings> saved = WindowSettings.load(file, messages);
        Rectangle2D visual = screenFor(saved).getVisualBounds();
        WindowLayout.Rect screen = new WindowLayout.Rect(visual.getMinX(), visual.getMinY(), visual.getWidth(), visual.getHeight());
        minimum = WindowLayout.minimumSize(screen);
        WindowLayout.Rect r = WindowLayout.initialBounds(screen, saved);
        placing = true;
        stage.setX(r.x());
        stage.setY(r.y());
        stage.setWidth(r.width());
        stage.setHeight(r.height());
        placing = false;
        normalBounds = r;
        placed = r;
        saved.ifPresent(s -> {
            treeWidth = s.treeWidth();
            inspectorWidth = s.inspectorWidth();
        });
        layColumns();
    }

    private double[] minimum;
    /** The bounds given before the window was first shown. */
    private WindowLayout.Rect placed;
    private boolean isSettled;

    /** Whether the window has its size from the window manager and its minimum (sizes set before are put back). */
    public boolean isSettled() {
        return isSettled;
    }

    /**
     * After the window is shown: holds it at the size it was given while the window manager maps it,
     * then sets its minimum size. Under openbox GTK reports the size given, then 200 x 200, the size
     * given again and 200 x 200 for good (seen in every launch of ./drt; the "opens at
     * 200 x 200"); a minimum set before that made JavaFX answer with a resize to the minimum. So for the first moments a size far from the one given is put back,
     * and the minimum follows once the window has settled.
     */
    public void settle() {
        WindowLayout.Rect wanted = placed;
        int[] corrections = {0};
        javafx.beans.value.ChangeListener<Number> holdSize = (o, a, b) -> {
            if (stage.isMaximized() || corrections[0] >= 5) return;
            // Decorations account for a few pixels; 200 x 200 or a minimum is far off.
            if (Math.abs(stage.getWidth() - wanted.width()) > 40 || Math.abs(stage.getHeight() - wanted.height()) > 60) {
                corrections[0]++;
                Platform.runLater(() -> {
                    if (stage.isMaximized()) return;
                    stage.setWidth(wanted.width());
                    stage.setHeight(wanted.height());
                });
            }
        };
        stage.widthProperty().addListener(holdSize);
        stage.heightProperty().addListener(holdSize);
        javafx.animation.PauseTransition settled = new javafx.animation.PauseTransition(javafx.util.Duration.seconds(1.5));
        settled.setOnFinished(e -> {
            stage.widthProperty().removeListener(holdSize);
            stage.heightProperty().removeListener(holdSize);
            stage.setMinWidth(minimum[0]);
            stage.setMinHeight(minimum[1]);
            if (maximizeWhenSettled) stage.setMaximized(true);
            isSettled = true;
        });
        settled.play();
    }

    /**
     * After the window is shown: maximised again if it was when the studio closed, once it has
     * settled at its normal size. A window maximised before the window manager ever saw its normal
     * size is restored to the whole screen (openbox), and setting the size then fought the window
     * manager's own restore.
     */
    public void restoreMaximized() {
        maximizeWhenSettled = WindowSettings.load(file, m -> { }).filter(WindowSettings::maximized).isPresent();
    }

    private boolean maximizeWhenSettled;

    /** Whether closing writes the settings file (not after a measurement sized the window for itself). */
    private boolean saving = true;

    /**
     * The window's size from now on is not the user's (a measurement maximises it or sizes it for a
     * 640 × 360 viewport): closing leaves the settings file as it was. {@code --measure-view
     * maximized} saved maximized=true, and the next normal start opened maximised (issue 39, item 14).
     */
    public void keepSavedSettings() {
        saving = false;
    }

    /** Writes the window's state to the settings file; a failure is reported, not thrown (the studio is closing). */
    public void save() {
        if (!saving) return;
        rememberColumns();
        WindowLayout.Rect b = normalBounds != null ? normalBounds : bounds();
        try {
            new WindowSettings(b.x(), b.y(), b.width(), b.height(), stage.isMaximized(), treeWidth, inspectorWidth).save(file);
        } catch (IOException | RuntimeException e) {
            messages.accept("cannot save the window settings to " + file + ": " + e.getMessage());
        }
    }

    private WindowLayout.Rect bounds() {
        return new WindowLayout.Rect(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
    }

    private void rememberColumns() {
        if (split.getWidth() <= 0 || split.getDividers().size() < 2) return;
        // Only widths the layout would keep: a column squeezed to its minimum by a small window is not a choice.
        if (tree.getWidth() > 0) treeWidth = tree.getWidth();
        if (inspector.getWidth() > 0) inspectorWidth = inspector.getWidth();
    }

    /** Sets the dividers so tree and inspector get their widths at the split pane's current width. */
    private void layColumns() {
        double total = split.getWidth();
        if (total <= 0 || split.getDividers().size() < 2) return;
        double[] w = WindowLayout.columnWidths(total, treeWidth, inspectorWidth);
        // A divider's position is the fraction of the width left of its centre.
        double half = dividerWidth() / 2;
        split.setDividerPositions((w[0] + half) / total, (total - w[1] - half) / total);
    }

    private double dividerWidth() {
        var d = split.lookup(".split-pane-divider");
        return d instanceof Region r && r.getWidth() > 0 ? r.getWidth() : 6;
    }

    private Screen screenFor(Optional<WindowSettings> saved) {
        if (saved.isPresent()) {
            WindowSettings s = saved.get();
            var onIt = Screen.getScreensForRectangle(s.x(), s.y(), s.width(), s.height());
            if (!onIt.isEmpty()) return onIt.get(0);
        }
        return Screen.getPrimary();
    }

    double treeWidth() {
        return treeWidth;
    }

    double inspectorWidth() {
        return inspectorWidth;
    }
}
