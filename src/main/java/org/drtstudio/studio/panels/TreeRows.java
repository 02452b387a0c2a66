package org.drtstudio.studio.panels;

import javafx.scene.control.TreeItem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Brings a tree of {@link TreeItem}s in line with the rows it should show, keeping every item whose
 * key is still there (with its expanded state) and touching only what differs. A new root for each
 * change made the tree view lay out and style every row again: with an import or an added node,
 * 5–24 ms of the FX thread for the tree's listener alone (now 0.3–3 ms) plus that re-layout, on the
 * 2-core machine, among the longest stalls of {@code drt studio --measure}.
 *
 * @param <T> the rows' values
 */
final class TreeRows<T> {
    /** A row as it should be: its value, its children in order, and whether it opens when it is new. */
    record Row<T>(T value, List<Row<T>> children, boolean expandedWhenNew) {
    }

    private final Function<T, Object> key;

    /** @param key what identifies a row across changes (equal keys: the same row, perhaps relabelled) */
    TreeRows(Function<T, Object> key) {
        this.key = key;
    }

    /** A new item for {@code row} and its children. */
    TreeItem<T> create(Row<T> row) {
        TreeItem<T> item = new TreeItem<>(row.value());
        List<TreeItem<T>> children = new ArrayList<>(row.children().size());
        for (Row<T> c : row.children()) children.add(create(c));
        item.getChildren().setAll(children);
        item.setExpanded(row.expandedWhenNew());
        return item;
    }

    /**
     * The item to show {@code row}: {@code item} brought in line with it when it has the row's key,
     * else a new one.
     */
    TreeItem<T> update(TreeItem<T> item, Row<T> row) {
        if (item == null || !Objects.equals(key.apply(item.getValue()), key.apply(row.value()))) return create(row);
        if (!Objects.equals(item.getValue(), row.value())) item.setValue(row.value());
        Map<Object, TreeItem<T>> old = new HashMap<>();
        for (TreeItem<T> c : item.getChildren()) old.putIfAbsent(key.apply(c.getValue()), c);
        List<TreeItem<T>> children = new ArrayList<>(row.children().size());
        for (Row<T> c : row.children()) children.add(update(old.remove(key.apply(c.value())), c));
        if (!sameItems(item.getChildren(), children)) item.getChildren().setAll(children);
        return item;
    }

    private static <T> boolean sameItems(List<TreeItem<T>> a, List<TreeItem<T>> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }
}
