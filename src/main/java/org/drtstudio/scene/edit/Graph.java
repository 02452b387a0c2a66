package org.drtstudio.scene.edit;

import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Pure operations on an authored graph: each returns a new root that shares every subtree the
 * operation did not touch.
 */
final class Graph {
    private Graph() {
    }

    /** The root with node {@code id} replaced by {@code change.apply(node)}. */
    static GroupNode replace(GroupNode root, int id, UnaryOperator<AuthoredNode> change) {
        AuthoredNode result = replaceIn(root, id, change);
        if (result == null) throw unknown(id);
        if (!(result instanceof GroupNode g)) throw new IllegalArgumentException("the root must stay a group");
        return g;
    }

    /** Null when {@code id} is not under {@code node}. */
    private static AuthoredNode replaceIn(AuthoredNode node, int id, UnaryOperator<AuthoredNode> change) {
        if (node.id() == id) return change.apply(node);
        if (!(node instanceof GroupNode g)) return null;
        List<AuthoredNode> children = g.children();
        for (int i = 0; i < children.size(); i++) {
            AuthoredNode replaced = replaceIn(children.get(i), id, change);
            if (replaced != null) {
                List<AuthoredNode> copy = new ArrayList<>(children);
                copy.set(i, replaced);
                return g.withChildren(copy);
            }
        }
        return null;
    }

    /** The root without node {@code id} (and its subtree). */
    static GroupNode remove(GroupNode root, int id) {
        if (root.id() == id) throw new IllegalArgumentException("the root node cannot be removed");
        GroupNode result = removeIn(root, id);
        if (result == null) throw unknown(id);
        return result;
    }

    private static GroupNode removeIn(GroupNode g, int id) {
        List<AuthoredNode> children = g.children();
        for (int i = 0; i < children.size(); i++) {
            AuthoredNode c = children.get(i);
            if (c.id() == id) {
                List<AuthoredNode> copy = new ArrayList<>(children);
                copy.remove(i);
                return g.withChildren(copy);
            }
            if (c instanceof GroupNode cg) {
                GroupNode replaced = removeIn(cg, id);
                if (replaced != null) {
                    List<AuthoredNode> copy = new ArrayList<>(children);
                    copy.set(i, replaced);
                    return g.withChildren(copy);
                }
            }
        }
        return null;
    }

    /** The root with {@code node} inserted as child {@code index} (−1: last) of group {@code parentId}. */
    static GroupNode insert(GroupNode root, int parentId, int index, AuthoredNode node) {
        return replace(root, parentId, parent -> {
            if (!(parent instanceof GroupNode g))
                throw new IllegalArgumentException("node " + parentId + " ('" + parent.name() + "') is not a group and cannot have children");
            return g.withChildAt(index, node);
        });
    }

    /** Whether {@code id} is {@code node} or lies under it. */
    static boolean contains(AuthoredNode node, int id) {
        if (node.id() == id) return true;
        if (node instanceof GroupNode g) for (AuthoredNode c : g.children()) if (contains(c, id)) return true;
        return false;
    }

    /** Whether the subtree holds any geometry (a mesh, spheres or a model). */
    static boolean hasGeometry(AuthoredNode node) {
        if (!(node instanceof GroupNode g)) return true;
        for (AuthoredNode c : g.children()) if (hasGeometry(c)) return true;
        return false;
    }

    /** Every node of a subtree, parents first. */
    static List<AuthoredNode> flatten(AuthoredNode node) {
        List<AuthoredNode> out = new ArrayList<>();
        List<AuthoredNode> stack = new ArrayList<>(List.of(node));
        while (!stack.isEmpty()) {
            AuthoredNode n = stack.remove(stack.size() - 1);
            out.add(n);
            if (n instanceof GroupNode g) stack.addAll(g.children());
        }
        return out;
    }

    static IllegalArgumentException unknown(int id) {
        return new IllegalArgumentException("no node with id " + id);
    }
}
