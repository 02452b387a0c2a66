package org.drtstudio.accel;

import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.TextureWrap;

import java.util.List;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * The geometry image's layout, texel by texel, and one-shot packing of a scene. It consists of
 * eight RGBA32F arrays that the GLSL tracer reads with {@code texelFetch} and the CPU reference reads
 * directly. Integers are stored as the raw bits of a float ({@code Float.intBitsToFloat} here,
 * {@code floatBitsToInt} in GLSL, never touched by float arithmetic first); texel {@code i} lies at
 * column {@code i % TEXTURE_WIDTH}, row {@code i / TEXTURE_WIDTH}.
 *
 * <h2>Shape level: every distinct mesh or sphere group once, in its object space</h2>
 * <b>Nodes</b> ({@link GeometryImageLayout#NODE_TEXELS} = 2 texels per node; each shape's nodes
 * are contiguous, its root first):
 * <pre>
 * texel 2i   : centre.x, centre.y, centre.z, radius      bounding sphere (inflated, conservative)
 * texel 2i+1 : hit, miss, primCount, primStart           int bits
 *   hit       node to visit when the ray meets the sphere: i+1 for inner nodes, = miss for leaves
 *   miss      skip link: first node after i's subtree, or END (-1) at the end of the shape; always > i
 *   primCount 0 for inner nodes; 1..MAX_LEAF_SIZE primitives for leaves, tested when the sphere is hit
 *   primStart index of the leaf's first primitive in the primitive texture
 * </pre>
 * <b>Primitives</b> ({@link GeometryImageLayout#PRIMITIVE_TEXELS} = 1 texel each, in leaf order), int bits:
 * <pre>
 * triangle: a, b, c, info      the indices of its three vertices in the vertex texture
 * sphere  : s, 0, 0, info      the index of the vertex entry holding its centre and radius
 * info    : kind (bit 0: KIND_TRIANGLE or KIND_SPHERE) | PRIMITIVE_HAS_UV (bit 1) | material &lt;&lt; PRIMITIVE_MATERIAL_SHIFT
 * </pre>
 * <b>Vertices</b> ({@link GeometryImageLayout#VERTEX_TEXELS} = 2 texels each), shared by the
 * triangles of a mesh, in the mesh's own vertex order:
 * <pre>
 * mesh vertex : texel 2v = position.xyz, u | texel 2v+1 = unit normal.xyz, v     (object space)
 * sphere entry: texel 2v = centre.xyz, radius | texel 2v+1 = 0, 0, 0, 0
 * </pre>
 * A triangle's edges are computed by both tracers as v1 - v0 and v2 - v0 in float, the same
 * operations in the same order. Texture coordinates live in the spare w components; a triangle
 * whose mesh has none is stored without PRIMITIVE_HAS_UV and both tracers use pbrt's default
 * (0,0), (1,0), (1,1) at v0, v1, v2 instead, so a textured material still shows its texture. On
 * spheres the coordinates come from the object-space hit direction d = (q - centre) / radius:
 * <pre>
 *   u = 0.5 + atan2(d.x, d.z) / 2pi, v = 1 - acos(d.y) / pi   (v = 1 at the +y pole)
 * </pre>
 * Sharing vertices is what keeps the image small: a closed mesh has about half as many vertices
 * as triangles, so a triangle costs 16 bytes of primitive texel, about 16 of vertices and about
 * 25-30 of nodes (docs/ACCEL.md), against 128 + nodes with per-triangle corners before.
 *
 * <h2>Top level: where the shapes stand in the world</h2>
 * <b>Top nodes</b>: the same 2-texel node format over the instances' world bounding spheres (the
 * sphere enclosing the instance at shutter open and close); a leaf holds exactly one instance and
 * its primStart is that instance's index. <b>Instances</b>
 * ({@link GeometryImageLayout#INSTANCE_TEXELS} = 13 texels each):
 * <pre>
 * texels 0..2  : rows 0..2 of the world-to-object matrix at shutter open (affine, 3x4)
 * texels 3..5  : the same at shutter close
 * texels 6..8  : rows 0..2 of the object-to-world matrix at shutter open
 * texels 9..11 : the same at shutter close
 * texel 12     : root node of the shape, node count of the shape, 0, 0   (int bits)
 * </pre>
 * A ray enters an instance by multiplying its origin and direction by the world-to-object rows
 * (the direction is not renormalised, so hit distances t stay world distances) and leaves it when
 * the shape's walk reaches END, continuing at the top-level leaf's skip link: two levels, no stack.
 *
 * <h2>The ground plane (the DRT paper's, tested outside the tree)</h2>
 * A scene's {@code GroundPlane} is packed as one more shape, a single triangle on the plane (v0 its
 * point, v1 and v2 one texture repeat along its tangents, normals the plane's, texture coordinates
 * (0,0), (1,0), (0,1)), placed by an identity instance written after the {@code instanceCount}
 * instances the top level reaches; no top-level node names it, so no bounding volume holds the
 * plane. {@link GeometryImage#ground()} is its record ({@link GeometryImageLayout#GROUND_TEXELS} = 4):
 * <pre>
 * texel 0 : v0.xyz, 0            texel 1 : v1 - v0 (edge u), 0
 * texel 2 : v2 - v0 (edge v), 0  texel 3 : primitive, instance, 0, 0   (int bits)
 * </pre>
 * Every closest-hit and shadow query tests the triangle's whole plane (Möller–Trumbore without the
 * edge tests) before the tree and hands the tree walk the plane's distance as its limit; a hit
 * names the primitive and instance, so it is shaded as any triangle, its barycentrics being the
 * repeating texture's coordinates. The GL tracer takes the record as uniforms.
 *
 * <h2>Materials, lights and textures</h2>
 * <pre>
 * material ({@link GeometryImageLayout#MATERIAL_TEXELS} = 7):
 *   texel 0 : ambient.rgb, exponent
 *   texel 1 : diffuse.rgb, reflectivity
 *   texel 2 : specular.rgb, transparency
 *   texel 3 : absorption.rgb, ior
 *   texel 4 : glossy lobe exponent (0 = smooth), bump scale, maps, 0  (maps: int bits HAS_DIFFUSE_MAP | HAS_BUMP_MAP,
 *             which of the two references below are set, so shading learns it from the texel it reads anyway)
 *   texel 5 : diffuse texture: first atlas texel, width, height, wrap    (int bits; first = NO_TEXTURE (-1) for none)
 *   texel 6 : bump map:        first atlas texel, width, height, wrap    (the same)
 * light ({@link GeometryImageLayout#LIGHT_TEXELS} = 4):       position.xyz, radius | colour * intensity (rgb), shape |
 *                                       edgeU.xyz, 0 | edgeV.xyz, 0      (shape LIGHT_SPHERE or LIGHT_RECTANGLE, int bits;
 *                                       a sphere of radius 0 is a point light; edges are zero for spheres)
 * </pre>
 * wrap is {@link GeometryImageLayout#WRAP_REPEAT} or {@link GeometryImageLayout#WRAP_CLAMP}. A texture that
 * could not be loaded is referenced as NO_TEXTURE, so its material renders untextured.
 *
 * <p><b>Textures</b> (the atlas): every distinct image the materials name, end to end, one texel per
 * image texel: r, g, b (linear; a bump map holds its height in all three), 1. Image texel (x, y),
 * rows counted from the bottom (v = 0), is atlas texel {@code first + y * width + x}. Both tracers
 * filter it the same way ({@code shaders/texture.glsl}, {@code render.cpu.TextureSampler}): bilinear,
 * texel centres at ((x + 0.5) / width, (y + 0.5) / height), the four texels addressed with the
 * material's wrap mode; the diffuse colour (and the ambient one) is multiplied by the texture, the
 * bump map's height tilts the shading normal along the tangent frame dp/du, dp/dv.
 */
public final class GeometryImagePacker {
    private GeometryImagePacker() {
    }

    /**
     * Packs a still scene from scratch, without textures (materials render untextured).
     * Interactive use keeps a {@link GeometryImageBuilder} instead.
     */
    public static GeometryImage pack(Scene scene) {
        return new GeometryImageBuilder().build(scene);
    }

    /** Packs a still scene from scratch with the textures its materials name, decoded by {@code textures}. */
    public static GeometryImage pack(Scene scene, TextureSource textures) {
        return new GeometryImageBuilder(textures).build(scene);
    }

    static float[] packMaterials(List<Material> materials, TextureAtlas atlas) {
        float[] mats = new float[4 * MATERIAL_TEXELS * materials.size()];
        for (int m = 0; m < materials.size(); m++) {
            Material mat = materials.get(m);
            int o = 4 * MATERIAL_TEXELS * m;
            put(mats, o + MaterialField.AMBIENT, mat.ambient().x(), mat.ambient().y(), mat.ambient().z(), mat.phongExponent());
            put(mats, o + MaterialField.DIFFUSE, mat.diffuse().x(), mat.diffuse().y(), mat.diffuse().z(), mat.reflectivity());
            put(mats, o + MaterialField.SPECULAR, mat.specular().x(), mat.specular().y(), mat.specular().z(), mat.transparency());
            put(mats, o + MaterialField.ABSORPTION, mat.absorption().x(), mat.absorption().y(), mat.absorption().z(), mat.ior());
            float lobe = mat.roughness() > 0 ? mat.lobeExponent() : 0f; // 0 marks a smooth surface
            TextureAtlas.Ref diffuse = atlas.diffuse(mat), bump = atlas.bump(mat);
            int maps = (diffuse.first() != NO_TEXTURE ? HAS_DIFFUSE_MAP : 0) | (bump.first() != NO_TEXTURE ? HAS_BUMP_MAP : 0);
            put(mats, o + MaterialField.LOBE_EXPONENT, lobe, mat.bumpScale(), Float.intBitsToFloat(maps), 0);
            int wrap = mat.textureWrap() == TextureWrap.CLAMP ? WRAP_CLAMP : WRAP_REPEAT;
            putTexture(mats, o + MaterialField.DIFFUSE_MAP, diffuse, wrap);
            putTexture(mats, o + MaterialField.BUMP_MAP, bump, wrap);
        }
        return mats;
    }

    /** The lights texture of an image: {@link GeometryImageLayout#LIGHT_TEXELS} texels a light (layout in this class's header). */
    public static float[] packLights(List<Light> lights) {
        // A zero-size array would make a zero-size texture; keep one texel so binding stays valid.
        float[] lts = new float[Math.max(4, 4 * LIGHT_TEXELS * lights.size())];
        for (int l = 0; l < lights.size(); l++) {
            Light light = lights.get(l);
            int o = 4 * LIGHT_TEXELS * l;
            put(lts, o + LightField.POSITION, light.position().x(), light.position().y(), light.position().z(), light.radius());
            put(lts, o + LightField.COLOR, light.color().x() * light.intensity(), light.color().y() * light.intensity(),
                    light.color().z() * light.intensity(), Float.intBitsToFloat(light instanceof RectLight ? LIGHT_RECTANGLE : LIGHT_SPHERE));
            // A point light is packed as a sphere of radius 0; only a rectangle fills the edge texels.
            if (light instanceof RectLight rect) {
                put(lts, o + LightField.EDGE_U, rect.edgeU().x(), rect.edgeU().y(), rect.edgeU().z(), 0);
                put(lts, o + LightField.EDGE_V, rect.edgeV().x(), rect.edgeV().y(), rect.edgeV().z(), 0);
            }
        }
        return lts;
    }

    private static void putTexture(float[] a, int o, TextureAtlas.Ref ref, int wrap) {
        a[o] = Float.intBitsToFloat(ref.first());
        a[o + 1] = Float.intBitsToFloat(ref.width());
        a[o + 2] = Float.intBitsToFloat(ref.height());
        a[o + 3] = Float.intBitsToFloat(wrap);
    }

    private static void put(float[] a, int o, float x, float y, float z, float w) {
        a[o] = x;
        a[o + 1] = y;
        a[o + 2] = z;
        a[o + 3] = w;
    }
}
