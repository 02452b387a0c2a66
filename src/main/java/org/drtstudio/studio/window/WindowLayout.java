package org.drtstudio.studio.window;

import java.util.Optional;

/**
 * The arithmetic of the main window's size and its three columns (scene tree, viewport, inspector),
 * kept apart from JavaFX so it is tested directly. Every column keeps a usable minimum width at every
 * window size: the window's own minimum is their sum (or the screen, where that is smaller), and the
 * columns the user sized give way to the viewport only down to their minimums.
 */
public final class WindowLayout {
    public static final double MIN_TREE = 160, MIN_VIEWPORT = 320, MIN_INSPECTOR = 300;
    static final double DEFAULT_TREE = 220, DEFAULT_INSPECTOR = 340;
    /** Room for the split pane's two dividers and the window's frame. */
    static final double CHROME = 24;
    static final double MIN_HEIGHT = 480;
    /** The share of the screen a first window covers, and the size it should at least have where the screen allows. */
    static final double SCREEN_SHARE = 0.8, PREFERRED_MIN_WIDTH = 1024, PREFERRED_MIN_HEIGHT = 640;

    private WindowLayout() {
    }

    /** A rectangle in screen coordinates. */
    public record Rect(double x, double y, double width, double height) {
        boolean overlapsMostOf(Rect other) {
            double w = Math.min(x + width, other.x + other.width) - Math.max(x, other.x);
            double h = Math.min(y + height, other.y + other.height) - Math.max(y, other.y);
            return w > 0 && h > 0 && w * h >= 0.5 * other.width * other.height;
        }
    }

    /** The window's minimum size on a screen of {@code screen}'s size. */
    static double[] minimumSize(Rect screen) {
        return new double[]{Math.min(MIN_TREE + MIN_VIEWPORT + MIN_INSPECTOR + CHROME, screen.width()), Math.min(MIN_HEIGHT, screen.height())};
    }

    /**
     * Where the window opens: where it was last time when that is still mostly on {@code screen}
     * (sizes clamped to the screen), else centred covering {@link #SCREEN_SHARE} of it, at least
     * 1024 x 640 where the screen allows.
     */
    public static Rect initialBounds(Rect screen, Optional<WindowSettings> saved) {
        double[] min = minimumSize(screen);
        if (saved.isPresent()) {
            WindowSettings s = saved.get();
            Rect r = new Rect(s.x(), s.y(), clamp(s.width(), min[0], screen.width()), clamp(s.height(), min[1], screen.height()));
            if (screen.overlapsMostOf(r)) return r;
        }
        double w = clamp(Math.max(screen.width() * SCREEN_SHARE, PREFERRED_MIN_WIDTH), min[0], screen.width());
        double h = clamp(Math.max(screen.height() * SCREEN_SHARE, PREFERRED_MIN_HEIGHT), min[1], screen.height());
        return new Rect(screen.x() + (screen.width() - w) / 2, screen.y() + (screen.height() - h) / 2, w, h);
    }

    /**
     * Widths of tree and inspector in a split pane {@code total} wide, from the widths the user gave
     * them: each keeps its own width while the viewport keeps its minimum; where the room runs out
     * they shrink, in proportion to what each has above its minimum, down to their minimums; below
     * the sum of the minimums (a window smaller than its minimum size) everything shrinks in proportion.
     */
    static double[] columnWidths(double total, double preferredTree, double preferredInspector) {
        double tree = Math.max(MIN_TREE, preferredTree), inspector = Math.max(MIN_INSPECTOR, preferredInspector);
        double minimums = MIN_TREE + MIN_VIEWPORT + MIN_INSPECTOR;
        if (total <= minimums) {
            double k = Math.max(0, total) / minimums;
            return new double[]{MIN_TREE * k, MIN_INSPECTOR * k};
        }
        double excess = tree + inspector + MIN_VIEWPORT - total;
        if (excess > 0) {
            // Both shrink in proportion to what each has above its minimum (spare > excess here).
            double treeSpare = tree - MIN_TREE, inspectorSpare = inspector - MIN_INSPECTOR;
            double fromTree = excess * treeSpare / (treeSpare + inspectorSpare);
            tree -= fromTree;
            inspector -= excess - fromTree;
        }
        return new double[]{tree, inspector};
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
