package org.drtstudio.accel;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The constants of the geometry-image layout, defined once here and handed to GLSL as
 * {@code #define}s by {@link #glslDefines()}, so Java and the shaders cannot drift apart.
 * The meaning of every texel is documented on {@link GeometryImagePacker}.
 */
public final class GeometryImageLayout {
    private GeometryImageLayout() {
    }

    /** Texels per row of every data texture; larger arrays wrap onto further rows. A power of two (GLSL shifts by its log). */
    public static final int TEXTURE_WIDTH = 4096;
    public static final int TEXTURE_WIDTH_LOG2 = Integer.numberOfTrailingZeros(TEXTURE_WIDTH);
    /** Terminal link: traversal ends when it reaches this node index. */
    public static final int END = -1;
    public static final int NODE_TEXELS = 2;
    /** Node texels: the bounding sphere (centre, radius), then the links (hit, miss, primCount, primStart). */
    public static final int NODE_SPHERE = 0, NODE_LINKS = 1;
    /** One texel per primitive: three vertex indices (a sphere: one) and the info word. */
    public static final int PRIMITIVE_TEXELS = 1;
    /** Per vertex: position.xyz, u | normal.xyz, v (a sphere's entry: centre.xyz, radius | zeros). */
    public static final int VERTEX_TEXELS = 2;
    /** Vertex texels: position (or a sphere's centre and radius) with u, then the normal with v. */
    public static final int VERTEX_POSITION = 0, VERTEX_NORMAL = 1;
    /** Primitive info word: bit 0 the kind ({@link #KIND_TRIANGLE} or {@link #KIND_SPHERE}). */
    public static final int PRIMITIVE_KIND_MASK = 1;
    /** Primitive info word: set when the triangle's vertices carry the mesh's texture coordinates. */
    public static final int PRIMITIVE_HAS_UV = 2;
    /** Primitive info word: the material index starts at this bit. */
    public static final int PRIMITIVE_MATERIAL_SHIFT = 2;
    public static final int MATERIAL_TEXELS = 7;
    /** Material texels: ambient + exponent, diffuse + reflectivity, specular + transparency, absorption + ior, glossy lobe. */
    public static final int MATERIAL_AMBIENT = 0, MATERIAL_DIFFUSE = 1, MATERIAL_SPECULAR = 2, MATERIAL_ABSORPTION = 3,
            MATERIAL_LOBE = 4;
    /** Material texel holding the diffuse texture's reference (first texel, width, height, wrap). */
    public static final int MATERIAL_DIFFUSE_MAP = 5;
    /** Material texel holding the bump map's reference, in the same form. */
    public static final int MATERIAL_BUMP_MAP = 6;
    /** First texel of a texture reference that names no texture. */
    public static final int NO_TEXTURE = -1;
    /** Bits of material texel 4's z: which texture references are set (one fetch tells the shader whether to look). */
    public static final int HAS_DIFFUSE_MAP = 1;
    public static final int HAS_BUMP_MAP = 2;
    public static final int WRAP_REPEAT = 0;
    public static final int WRAP_CLAMP = 1;
    public static final int LIGHT_TEXELS = 4;
    /** Light texels: position + radius, colour + shape, the rectangle's two edges. */
    public static final int LIGHT_POSITION = 0, LIGHT_COLOR = 1, LIGHT_EDGE_U = 2, LIGHT_EDGE_V = 3;
    public static final int LIGHT_SPHERE = 0;
    public static final int LIGHT_RECTANGLE = 1;
    public static final int INSTANCE_TEXELS = 13;
    /** First texel of each 3-row matrix of an instance, and the texel naming its shape (root node, node count). */
    public static final int INSTANCE_TO_OBJECT_OPEN = 0, INSTANCE_TO_OBJECT_CLOSE = 3, INSTANCE_TO_WORLD_OPEN = 6,
            INSTANCE_TO_WORLD_CLOSE = 9, INSTANCE_SHAPE = 12;
    public static final int KIND_TRIANGLE = 0;
    public static final int KIND_SPHERE = 1;

    /** The info word of a primitive: kind, the has-uv flag, material. */
    public static int primitiveInfo(int kind, boolean hasUv, int material) {
        return kind | (hasUv ? PRIMITIVE_HAS_UV : 0) | material << PRIMITIVE_MATERIAL_SHIFT;
    }

    public static int kindOf(int info) { return info & PRIMITIVE_KIND_MASK; }

    public static int materialOf(int info) { return info >>> PRIMITIVE_MATERIAL_SHIFT; }

    /** Texture row/column of texel {@code index}: rows wrap at {@link #TEXTURE_WIDTH}. */
    public static int rowsFor(int texels) {
        return Math.max(1, (texels + TEXTURE_WIDTH - 1) / TEXTURE_WIDTH);
    }

    public static Map<String, String> glslDefines() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("GI_TEXTURE_WIDTH", Integer.toString(TEXTURE_WIDTH));
        d.put("GI_TEXTURE_WIDTH_LOG2", Integer.toString(TEXTURE_WIDTH_LOG2));
        d.put("GI_END", Integer.toString(END));
        d.put("GI_NODE_TEXELS", Integer.toString(NODE_TEXELS));
        d.put("GI_PRIMITIVE_TEXELS", Integer.toString(PRIMITIVE_TEXELS));
        d.put("GI_VERTEX_TEXELS", Integer.toString(VERTEX_TEXELS));
        d.put("GI_PRIMITIVE_KIND_MASK", Integer.toString(PRIMITIVE_KIND_MASK));
        d.put("GI_PRIMITIVE_HAS_UV", Integer.toString(PRIMITIVE_HAS_UV));
        d.put("GI_PRIMITIVE_MATERIAL_SHIFT", Integer.toString(PRIMITIVE_MATERIAL_SHIFT));
        d.put("GI_MATERIAL_TEXELS", Integer.toString(MATERIAL_TEXELS));
        d.put("GI_MATERIAL_DIFFUSE_MAP", Integer.toString(MATERIAL_DIFFUSE_MAP));
        d.put("GI_MATERIAL_BUMP_MAP", Integer.toString(MATERIAL_BUMP_MAP));
        d.put("GI_NO_TEXTURE", Integer.toString(NO_TEXTURE));
        d.put("GI_HAS_DIFFUSE_MAP", Integer.toString(HAS_DIFFUSE_MAP));
        d.put("GI_HAS_BUMP_MAP", Integer.toString(HAS_BUMP_MAP));
        d.put("GI_WRAP_REPEAT", Integer.toString(WRAP_REPEAT));
        d.put("GI_WRAP_CLAMP", Integer.toString(WRAP_CLAMP));
        d.put("GI_LIGHT_TEXELS", Integer.toString(LIGHT_TEXELS));
        d.put("GI_INSTANCE_TEXELS", Integer.toString(INSTANCE_TEXELS));
        d.put("GI_LIGHT_SPHERE", Integer.toString(LIGHT_SPHERE));
        d.put("GI_LIGHT_RECTANGLE", Integer.toString(LIGHT_RECTANGLE));
        d.put("GI_KIND_TRIANGLE", Integer.toString(KIND_TRIANGLE));
        d.put("GI_KIND_SPHERE", Integer.toString(KIND_SPHERE));
        d.put("GI_NODE_SPHERE", Integer.toString(NODE_SPHERE));
        d.put("GI_NODE_LINKS", Integer.toString(NODE_LINKS));
        d.put("GI_VERTEX_POSITION", Integer.toString(VERTEX_POSITION));
        d.put("GI_VERTEX_NORMAL", Integer.toString(VERTEX_NORMAL));
        d.put("GI_MATERIAL_AMBIENT", Integer.toString(MATERIAL_AMBIENT));
        d.put("GI_MATERIAL_DIFFUSE", Integer.toString(MATERIAL_DIFFUSE));
        d.put("GI_MATERIAL_SPECULAR", Integer.toString(MATERIAL_SPECULAR));
        d.put("GI_MATERIAL_ABSORPTION", Integer.toString(MATERIAL_ABSORPTION));
        d.put("GI_MATERIAL_LOBE", Integer.toString(MATERIAL_LOBE));
        d.put("GI_LIGHT_POSITION", Integer.toString(LIGHT_POSITION));
        d.put("GI_LIGHT_COLOR", Integer.toString(LIGHT_COLOR));
        d.put("GI_LIGHT_EDGE_U", Integer.toString(LIGHT_EDGE_U));
        d.put("GI_LIGHT_EDGE_V", Integer.toString(LIGHT_EDGE_V));
        d.put("GI_INSTANCE_TO_OBJECT_OPEN", Integer.toString(INSTANCE_TO_OBJECT_OPEN));
        d.put("GI_INSTANCE_TO_OBJECT_CLOSE", Integer.toString(INSTANCE_TO_OBJECT_CLOSE));
        d.put("GI_INSTANCE_TO_WORLD_OPEN", Integer.toString(INSTANCE_TO_WORLD_OPEN));
        d.put("GI_INSTANCE_TO_WORLD_CLOSE", Integer.toString(INSTANCE_TO_WORLD_CLOSE));
        d.put("GI_INSTANCE_SHAPE", Integer.toString(INSTANCE_SHAPE));
        d.putAll(BoxLayout.glslDefines());
        d.putAll(SpatialLayout.glslDefines());
        return d;
    }
}
