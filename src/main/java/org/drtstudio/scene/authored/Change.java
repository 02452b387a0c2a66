package org.drtstudio.scene.authored;

/**
 * What an edit changed, so a renderer redoes only what it must. An edit carries a set of these;
 * an empty set (a rename) changes nothing a renderer shows.
 */
public enum Change {
    /** The camera moved or changed lens: restart accumulation. */
    CAMERA,
    /** Render settings (size, samples, background, ambient, attenuation): restart accumulation. */
    SETTINGS,
    /** Material values or the material list: re-upload the material texels. */
    MATERIAL,
    /** Transforms or the parent of a node: re-pack the top-level nodes only; no mesh hierarchy is rebuilt. */
    TRANSFORM,
    /** Geometry came or went (nodes with meshes, spheres or models added or removed): rebuild what is new. */
    GEOMETRY,
    /** Lights added, removed or changed: re-upload the light texels. */
    LIGHTS,
    /**
     * Keyframes or animation settings: the scene at any other time may differ; re-evaluate at the
     * current time (the edit also carries TRANSFORM or CAMERA when what it keyed can move now).
     */
    ANIMATION
}
