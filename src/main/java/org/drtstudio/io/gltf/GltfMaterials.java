package org.drtstudio.io.gltf;

import de.javagl.jgltf.impl.v2.GlTF;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MaterialModel;
import de.javagl.jgltf.model.TextureModel;
import de.javagl.jgltf.model.v2.MaterialModelV2;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.TextureWrap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * glTF's metallic-roughness materials mapped onto the tracers' Phong-Whitted {@link Material}.
 * Material 0 of the scene is {@link Material#DEFAULT} (primitives without a material); glTF
 * material i is scene material i + 1.
 *
 * <table>
 *   <caption>The mapping</caption>
 *   <tr><th>glTF</th><th>ours</th></tr>
 *   <tr><td>baseColorFactor (linear) × (1 − metallic)</td><td>diffuse; ambient an eighth of it (as the default material)</td></tr>
 *   <tr><td>baseColorTexture (a file beside the glTF, or embedded; sRGB)</td><td>diffuse texture, through {@link SceneFolder}
 *   (an embedded one as {@code FILE#gltf-image-N}, {@link GltfEmbeddedImages}); its sampler's clamp or repeat</td></tr>
 *   <tr><td>metallicFactor</td><td>reflectivity (the mirror ray's weight)</td></tr>
 *   <tr><td>roughnessFactor</td><td>roughness of the mirror and transmitted rays, and the Phong exponent 2/r² − 2 (1 … 1000) of the highlight</td></tr>
 *   <tr><td>F0 = 0.04 mixed toward the base colour by metallic</td><td>specular colour of the highlight</td></tr>
 *   <tr><td>emissiveFactor × KHR_materials_emissive_strength</td><td>added to the ambient colour × 10, so it glows at the default ambient light of 0.1 (lights nothing else; the tracers have no emissive surfaces, as for .vox)</td></tr>
 *   <tr><td>KHR_materials_transmission (factor)</td><td>transparency, refracted at KHR_materials_ior's ior (default 1.5)</td></tr>
 *   <tr><td>alphaMode BLEND: 1 − alpha; MASK: alpha below the cutoff</td><td>transparency at ior 1 (seen through unbent)</td></tr>
 * </table>
 *
 * Not mapped (a warning names each once): textures of the metallic-roughness, normal, occlusion and
 * emissive maps, texture coordinate sets other than 0, the base colour texture's alpha, mirrored
 * repeat (read as repeat) and other extensions.
 */
final class GltfMaterials {
    private static final int CLAMP_TO_EDGE = 33071, MIRRORED_REPEAT = 33648;

    private final Path file;
    private final GltfModel model;
    private final SceneFolder folder;
    private final WarningLog warnings;
    private final List<Material> materials = new ArrayList<>(List.of(Material.DEFAULT));
    private final Map<MaterialModel, Integer> index = new IdentityHashMap<>();

    GltfMaterials(Path file, GltfModel model, GlTF gltf, WarningLog warnings) {
        this.file = file;
        this.model = model;
        this.folder = SceneFolder.of(file);
        this.warnings = warnings;
        List<MaterialModel> models = model.getMaterialModels();
        for (int i = 0; i < models.size(); i++) {
            Map<String, Object> extensions = gltf.getMaterials() != null && i < gltf.getMaterials().size()
                    ? gltf.getMaterials().get(i).getExtensions() : null;
            index.put(models.get(i), materials.size());
            materials.add(models.get(i) instanceof MaterialModelV2 m ? map(m, i, extensions) : Material.DEFAULT.withName("material " + i));
        }
    }

    List<Material> materials() {
        return List.copyOf(materials);
    }

    /** The scene material of a primitive's material; 0 (the default) for none. */
    int indexOf(MaterialModel m) {
        if (m == null) return 0;
        Integer i = index.get(m);
        return i == null ? 0 : i;
    }

    private Material map(MaterialModelV2 m, int i, Map<String, Object> extensions) {
        String name = m.getName() != null ? m.getName() : "material " + i;
        float[] base = m.getBaseColorFactor() == null ? new float[] {1, 1, 1, 1} : m.getBaseColorFactor();
        float metallic = unit(m.getMetallicFactor()), roughness = unit(m.getRoughnessFactor());
        Vec3 baseColour = new Vec3(unit(base[0]), unit(base[1]), unit(base[2]));
        Vec3 diffuse = baseColour.times(1 - metallic);
        Vec3 specular = new Vec3(0.04f, 0.04f, 0.04f).times(1 - metallic).plus(baseColour.times(metallic));
        float exponent = roughness > 0 ? Math.min(1000f, Math.max(1f, 2f / (roughness * roughness) - 2f)) : 1000f;
        float strength = (float) number(extension(extensions, "KHR_materials_emissive_strength"), "emissiveStrength", 1);
        float[] e = m.getEmissiveFactor() == null ? new float[3] : m.getEmissiveFactor();
        Vec3 emissive = new Vec3(nonNegative(e[0]), nonNegative(e[1]), nonNegative(e[2])).times(Float.isFinite(strength) ? Math.max(0, strength) : 1);
        float transparency = 0, ior = 1;
        Map<String, Object> transmission = extension(extensions, "KHR_materials_transmission");
        if (transmission != null) {
            transparency = unit((float) number(transmission, "transmissionFactor", 0));
            ior = (float) number(extension(extensions, "KHR_materials_ior"), "ior", 1.5);
            if (!(ior >= 1 && ior <= 3)) ior = 1.5f;
        }
        float alpha = unit(base.length > 3 ? base[3] : 1);
        if (m.getAlphaMode() == MaterialModelV2.AlphaMode.BLEND && alpha < 1) transparency = Math.max(transparency, 1 - alpha);
        if (m.getAlphaMode() == MaterialModelV2.AlphaMode.MASK && alpha < m.getAlphaCutoff()) transparency = 1;
        if (transparency > 0 && transmission == null) ior = 1;
        Material.Builder b = Material.named(name).diffuse(diffuse).ambient(diffuse.times(0.125f).plus(emissive.times(10f)))
                .specular(specular).phongExponent(exponent).reflectivity(metallic).roughness(roughness)
                .transparency(transparency).ior(ior);
        TextureModel texture = m.getBaseColorTexture();
        if (texture != null) b = texture(b, texture, name, m.getBaseColorTexcoord());
        unmapped(m, name, extensions);
        return b.build();
    }

    private Material.Builder texture(Material.Builder b, TextureModel texture, String material, Integer texCoord) {
        String where = "material " + Excerpt.quote(material);
        if (texCoord != null && texCoord != 0) {
            warnings.add("texcoord", 0, where + ": its base colour texture uses TEXCOORD_" + texCoord + "; only TEXCOORD_0 is read, the texture is not used");
            return b;
        }
        String uri = texture.getImageModel() == null ? null : texture.getImageModel().getUri();
        if (uri == null || uri.startsWith("data:")) {
            // a picture inside the file: named FILE#gltf-image-N, read from the file by the texture loader
            int image = texture.getImageModel() == null ? -1 : model.getImageModels().indexOf(texture.getImageModel());
            String self = file.getFileName() == null ? file.toString() : file.getFileName().toString();
            if (image < 0) {
                warnings.add("embedded", 0, where + ": its base colour texture names no image");
                return b;
            }
            try {
                b = SceneFolder.ConfinedPath.textures(b, GltfEmbeddedImages.reference(folder.resolve(self), image), null, 1f);
            } catch (SceneFolder.Refused e) {
                warnings.add("embedded", 0, where + ": its embedded base colour texture " + e.getMessage());
                return b;
            }
        } else {
            String name = GltfSource.decodeUri(uri);
            try {
                b = SceneFolder.ConfinedPath.textures(b, folder.resolve(name), null, 1f);
            } catch (SceneFolder.Refused e) {
                warnings.add("texture", 0, where + ": texture " + Excerpt.quote(name, 200) + " " + e.getMessage());
                return b;
            }
        }
        Integer wrap = texture.getWrapS();
        if (wrap != null && wrap == MIRRORED_REPEAT) warnings.add("wrap", 0, where + ": mirrored repeat is read as repeat");
        return b.textureWrap(wrap != null && wrap == CLAMP_TO_EDGE ? TextureWrap.CLAMP : TextureWrap.REPEAT);
    }

    private void unmapped(MaterialModelV2 m, String name, Map<String, Object> extensions) {
        String where = "material " + Excerpt.quote(name);
        if (m.getMetallicRoughnessTexture() != null || m.getNormalTexture() != null || m.getOcclusionTexture() != null
                || m.getEmissiveTexture() != null)
            warnings.add("maps", 0, where + ": metallic-roughness, normal, occlusion and emissive textures are not used");
        if (extensions != null) {
            for (String ext : extensions.keySet()) {
                if (!List.of("KHR_materials_transmission", "KHR_materials_ior", "KHR_materials_emissive_strength").contains(ext))
                    warnings.add("extension", 0, where + ": extension " + Excerpt.quote(ext) + " is not read");
            }
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> extension(Map<String, Object> extensions, String name) {
        if (extensions == null) return null;
        return extensions.get(name) instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
    }

    static double number(Map<String, Object> object, String key, double fallback) {
        if (object == null) return fallback;
        return object.get(key) instanceof Number n && Double.isFinite(n.doubleValue()) ? n.doubleValue() : fallback;
    }

    private static float unit(float v) {
        return v >= 0 ? Math.min(v, 1f) : 0f; // NaN too
    }

    private static float nonNegative(float v) {
        return v >= 0 && Float.isFinite(v) ? v : 0f;
    }
}
