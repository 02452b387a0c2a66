package org.drtstudio.studio;

import javafx.scene.Node;
import javafx.scene.Parent;

import java.util.ArrayList;
import java.util.List;

/**
 * Which nodes could show a tooltip under the pointer: a JavaFX tooltip shows only for a node it is
 * installed on ({@code Tooltip.install} and {@code Control.setTooltip} keep it in the node's
 * properties under the key below), and for a pointer over a node that node or one of its parents
 * must have one. Checking this says "no tooltip can show here" for certain, where resting the
 * pointer for a tooltip's delay and looking only says "none showed this time".
 */
final class TooltipsInstalled {
    /** {@code javafx.scene.control.Tooltip}'s property key for the tooltip installed on a node. */
    private static final String KEY = "javafx.scene.control.Tooltip";

    private TooltipsInstalled() {
    }

    /** The nodes inside {@code area} and above it that carry a tooltip, described (FX thread). */
    static List<String> under(Node area) {
        List<String> found = new ArrayList<>();
        collect(area, found);
        for (Parent p = area.getParent(); p != null; p = p.getParent()) {
            if (p.getProperties().containsKey(KEY)) found.add(describe(p));
        }
        return found;
    }

    private static void collect(Node n, List<String> found) {
        if (n.getProperties().containsKey(KEY)) found.add(describe(n));
        if (n instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) collect(child, found);
        }
    }

    private static String describe(Node n) {
        return n.getClass().getSimpleName() + (n.getId() != null ? "#" + n.getId() : "");
    }
}
