package org.drtstudio.scene;

import java.util.List;

/**
 * The authored scene: a graph of transform nodes over meshes and spheres, the materials they
 * index, the lights, the camera and the render settings. Immutable.
 */
public record Scene(String name, TransformNode root, List<Material> materials, List<Light> lights,
                    Camera camera, RenderSettings settings) {
    public Scene {
        materials = List.copyOf(materials);
        lights = List.copyOf(lights);
        if (materials.isEmpty()) throw new IllegalArgumentException("a scene needs at least one material");
    }

    public Scene withCamera(Camera newCamera) {
        return new Scene(name, root, materials, lights, newCamera, settings);
    }

    public Scene withSettings(RenderSettings newSettings) {
        return new Scene(name, root, materials, lights, camera, newSettings);
    }

    public Scene withLights(List<Light> newLights) {
        return new Scene(name, root, materials, newLights, camera, settings);
    }
}
