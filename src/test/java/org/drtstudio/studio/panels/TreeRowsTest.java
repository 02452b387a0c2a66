package org.drtstudio.studio.panels;

import javafx.collections.ListChangeListener;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TreeRowsTest {
    /** Values "key:label"; the key is what comes before the colon. */
    private final TreeRows<String> rows = new TreeRows<>(v -> v.substring(0, v.indexOf(':')));

    private static TreeRows.Row<String> row(String value, TreeRows.Row<String>... children) {
        return new TreeRows.Row<>(value, List.of(children), true);
    }

    private static String shape(TreeItem<String> item) {
        StringBuilder b = new StringBuilder(item.getValue());
        if (!item.getChildren().isEmpty()) {
            b.append('(');
            for (TreeItem<String> c : item.getChildren()) b.append(shape(c)).append(' ');
            b.setLength(b.length() - 1);
            b.append(')');
        }
        return b.toString();
    }

    @Test
    void anAddedRowKeepsEveryOtherItemAndTheirExpandedState() {
        TreeItem<String> root = rows.create(row("0:root", row("1:group", row("2:ball")), row("3:light")));
        TreeItem<String> group = root.getChildren().get(0), light = root.getChildren().get(1);
        group.setExpanded(false); // the user closed it
        AtomicInteger rootChanges = new AtomicInteger(), groupChanges = new AtomicInteger();
        root.getChildren().addListener((ListChangeListener<TreeItem<String>>) c -> rootChanges.incrementAndGet());
        group.getChildren().addListener((ListChangeListener<TreeItem<String>>) c -> groupChanges.incrementAndGet());

        TreeItem<String> after = rows.update(root, row("0:root", row("1:group", row("2:ball")), row("4:probe"), row("3:light")));

        assertSame(root, after);
        assertEquals("0:root(1:group(2:ball) 4:probe 3:light)", shape(after));
        assertSame(group, after.getChildren().get(0));
        assertSame(light, after.getChildren().get(2));
        assertFalse(group.isExpanded(), "a kept row keeps the user's expanded state");
        assertEquals(1, rootChanges.get());
        assertEquals(0, groupChanges.get(), "rows that did not change are not touched");
    }

    @Test
    void aRelabelledRowKeepsItsItemAndARemovedOneGoes() {
        TreeItem<String> root = rows.create(row("0:root", row("1:a"), row("2:b"), row("3:c")));
        TreeItem<String> c = root.getChildren().get(2);

        TreeItem<String> after = rows.update(root, row("0:root", row("3:c (hidden)"), row("1:renamed")));

        assertEquals("0:root(3:c (hidden) 1:renamed)", shape(after));
        assertSame(c, after.getChildren().get(0));
    }

    @Test
    void aDifferentRootKeyOrNoTreeGivesNewItems() {
        TreeItem<String> root = rows.create(row("0:root", row("1:a")));
        TreeItem<String> other = rows.update(root, row("9:other", row("1:a")));
        assertNotSame(root, other);
        assertEquals("9:other(1:a)", shape(other));
        assertEquals("5:x", shape(rows.update(null, row("5:x"))));
    }

    @Test
    void aRowMovedToAnotherParentAppearsThere() {
        TreeItem<String> root = rows.create(row("0:root", row("1:g", row("2:x")), row("3:h")));
        TreeItem<String> after = rows.update(root, row("0:root", row("1:g"), row("3:h", row("2:x"))));
        assertEquals("0:root(1:g 3:h(2:x))", shape(after));
        assertTrue(after.getChildren().get(0).getChildren().isEmpty());
    }
}
