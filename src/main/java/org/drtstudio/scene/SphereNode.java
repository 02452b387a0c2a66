package org.drtstudio.scene;

import java.util.List;

/** A group of analytic spheres (NFF files hold thousands), placed under the parent transform. */
public record SphereNode(String name, List<Sphere> spheres) implements SceneNode {
    public SphereNode {
        spheres = List.copyOf(spheres);
    }
}
