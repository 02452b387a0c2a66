package org.drtstudio.io.gltf;

import de.javagl.jgltf.impl.v2.GlTF;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.joml.Matrix4fc;
import org.joml.Vector3f;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * KHR_lights_punctual's lights, as the nodes place them. The tracers' lights have a colour and an
 * intensity with the render settings' distance attenuation (none by default), not photometric
 * units: so the lights keep their colours and their intensities relative to the brightest, which
 * gets 1. A point light stays where its node puts it; a spot light becomes a point light (its cone
 * is not mapped, a warning says so); a directional light becomes a point light far away against its
 * direction ({@link #DISTANT} times the scene's radius from its centre), which at no attenuation
 * lights the scene from that direction.
 */
final class GltfLights {
    static final float DISTANT = 100f;

    /** A light as its node placed it, before the scene's size is known. */
    private record Placed(String type, Vec3 colour, float intensity, Vec3 position, Vec3 direction) {
    }

    private final List<Map<String, Object>> lights = new ArrayList<>();
    private final List<Placed> placed = new ArrayList<>();
    private final WarningLog warnings;

    @SuppressWarnings("unchecked")
    GltfLights(GlTF gltf, WarningLog warnings) {
        this.warnings = warnings;
        Map<String, Object> ext = GltfMaterials.extension(gltf.getExtensions(), "KHR_lights_punctual");
        if (ext != null && ext.get("lights") instanceof List<?> list) {
            for (Object o : list) lights.add(o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of());
        }
    }

    /** The light a node's extensions name, placed by its world transform. */
    void place(Map<String, Object> nodeExtensions, Matrix4fc toWorld) {
        Map<String, Object> ref = GltfMaterials.extension(nodeExtensions, "KHR_lights_punctual");
        if (ref == null) return;
        double index = GltfMaterials.number(ref, "light", -1);
        if (!(index >= 0 && index < lights.size()) || index != Math.floor(index)) {
            warnings.add("light", 0, "a node names light " + (long) index + ", which is not there");
            return;
        }
        Map<String, Object> light = lights.get((int) index);
        String type = light.get("type") instanceof String s ? s : "point";
        Vec3 colour = new Vec3(1, 1, 1);
        if (light.get("color") instanceof List<?> c && c.size() == 3 && c.stream().allMatch(x -> x instanceof Number)) {
            colour = new Vec3(clamp(((Number) c.get(0)).floatValue()), clamp(((Number) c.get(1)).floatValue()), clamp(((Number) c.get(2)).floatValue()));
        }
        float intensity = (float) GltfMaterials.number(light, "intensity", 1);
        if (!(intensity > 0) || !Float.isFinite(intensity)) return;
        if (type.equals("spot")) warnings.add("spot", 0, "spot lights are read as point lights (the cone is not mapped)");
        else if (!type.equals("point") && !type.equals("directional")) {
            warnings.add("light type", 0, "light type " + Excerpt.quote(type) + " is not known; skipped");
            return;
        }
        Vector3f origin = toWorld.transformPosition(new Vector3f());
        Vector3f direction = toWorld.transformDirection(new Vector3f(0, 0, -1));
        if (!origin.isFinite() || !direction.isFinite() || direction.length() == 0) return;
        direction.normalize();
        placed.add(new Placed(type, colour, intensity, new Vec3(origin.x, origin.y, origin.z), new Vec3(direction.x, direction.y, direction.z)));
    }

    /** The lights, intensities relative to the brightest; a directional one placed for a scene of this centre and radius. */
    List<Light> lights(Vec3 centre, float radius) {
        float brightest = 0;
        for (Placed p : placed) brightest = Math.max(brightest, p.intensity());
        List<Light> out = new ArrayList<>();
        for (Placed p : placed) {
            Vec3 position = p.type().equals("directional") ? centre.minus(p.direction().times(DISTANT * Math.max(radius, 1e-3f))) : p.position();
            if (position.isFinite()) out.add(new PointLight(position, p.colour(), p.intensity() / brightest));
        }
        return out;
    }

    private static float clamp(float v) {
        return v >= 0 ? Math.min(v, 1e3f) : 0f;
    }
}
