package org.drtstudio.scene.edit;

import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;

import java.util.Set;

/**
 * Inserts {@code node} (with its subtree) as child {@code index} of group {@code parentId}; −1
 * appends. The subtree's ids must be new to the model ({@link SceneModel#nextId()} gives a free
 * one). A model leaf placing an already imported asset at its material offset is instancing.
 */
public record AddNode(int parentId, int index, AuthoredNode node) implements Edit {
    public AddNode {
        if (node == null) throw new IllegalArgumentException("nothing to add");
    }

    public static AddNode append(int parentId, AuthoredNode node) {
        return new AddNode(parentId, -1, node);
    }

    @Override
    public String label(SceneModel before) {
        return "Add '" + node.name() + "'";
    }

    @Override
    public Result apply(SceneModel model) {
        for (AuthoredNode n : Graph.flatten(node)) {
            if (model.node(n.id()).isPresent())
                throw new IllegalArgumentException("id " + n.id() + " of '" + n.name() + "' is already used; use a new id such as " + model.nextId());
            checkMaterials(n, model.materials().size());
        }
        SceneModel after = model.withRoot(Graph.insert(model.root(), parentId, index, node));
        return new Result(after, Graph.hasGeometry(node) ? Set.of(Change.GEOMETRY) : Set.of());
    }

    /** Material indices of new geometry must exist; checked here, once, rather than on every edit. */
    private static void checkMaterials(AuthoredNode n, int count) {
        if (n instanceof MeshLeaf m) {
            for (int mat : m.mesh().triangleMaterials()) {
                if (mat < 0 || mat >= count)
                    throw new IllegalArgumentException("mesh '" + m.name() + "' uses material " + mat + " but the scene has " + count);
            }
        } else if (n instanceof SpheresLeaf s) {
            for (Sphere sp : s.spheres()) {
                if (sp.material() < 0 || sp.material() >= count)
                    throw new IllegalArgumentException("spheres '" + s.name() + "' use material " + sp.material() + " but the scene has " + count);
            }
        }
    }
}
