package org.drtstudio.scene.authored;

import org.drtstudio.scene.Sphere;

import java.util.List;

/** Analytic spheres held by the project itself; evaluates to a {@link org.drtstudio.scene.SphereNode}. */
public record SpheresLeaf(int id, String name, List<Sphere> spheres) implements AuthoredNode {
    public SpheresLeaf {
        AuthoredNode.checkIdentity(id, name);
        spheres = List.copyOf(spheres);
    }

    @Override
    public SpheresLeaf withName(String newName) {
        return new SpheresLeaf(id, newName, spheres);
    }
}
