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
    /**
     * The ground plane's record ({@link GeometryImage#ground()}): the plane as the triangle of the
     * image's primitive that shades it (origin v0, edges v1 - v0 and v2 - v0, every ray testing the
     * triangle's whole plane), then that primitive and the identity instance it is shaded through.
     */
    public static final int GROUND_TEXELS = 4;
    /** Ground record texels: origin.xyz, 0 | edge u.xyz, 0 | edge v.xyz, 0 | primitive, instance, 0, 0 (int bits). */
    public static final int GROUND_ORIGIN = 0, GROUND_EDGE_U = 1, GROUND_EDGE_V = 2, GROUND_IDS = 3;

    /*
     * Float offsets of each record's fields from the record's first float (texel * 4 + component),
     * derived from the texel offsets above: what the Java writers and the CPU twin index the packed
     * arrays with, as the shaders read the texel (GI_MATERIAL_SPECULAR) and take its component (.w).
     */

    /** A node's fields: bounding sphere, then the links (int bits). */
    public static final class NodeField {
        private NodeField() {
        }

        public static final int CENTER = 4 * NODE_SPHERE, RADIUS = CENTER + 3;
        public static final int HIT = 4 * NODE_LINKS, MISS = HIT + 1, PRIM_COUNT = HIT + 2, PRIM_START = HIT + 3;
    }

    /** A vertex's fields (a sphere entry: centre in POSITION, radius in U). */
    public static final class VertexField {
        private VertexField() {
        }

        public static final int POSITION = 4 * VERTEX_POSITION, U = POSITION + 3;
        public static final int NORMAL = 4 * VERTEX_NORMAL, V = NORMAL + 3;
        public static final int SPHERE_RADIUS = U;
    }

    /** A material's fields; a texture reference is four int words: first texel, width, height, wrap. */
    public static final class MaterialField {
        private MaterialField() {
        }

        public static final int AMBIENT = 4 * MATERIAL_AMBIENT, EXPONENT = AMBIENT + 3;
        public static final int DIFFUSE = 4 * MATERIAL_DIFFUSE, REFLECTIVITY = DIFFUSE + 3;
        public static final int SPECULAR = 4 * MATERIAL_SPECULAR, TRANSPARENCY = SPECULAR + 3;
        public static final int ABSORPTION = 4 * MATERIAL_ABSORPTION, IOR = ABSORPTION + 3;
        public static final int LOBE_EXPONENT = 4 * MATERIAL_LOBE, BUMP_SCALE = LOBE_EXPONENT + 1, MAPS = LOBE_EXPONENT + 2;
        public static final int DIFFUSE_MAP = 4 * MATERIAL_DIFFUSE_MAP, BUMP_MAP = 4 * MATERIAL_BUMP_MAP;
    }

    /** A light's fields; SHAPE is LIGHT_SPHERE or LIGHT_RECTANGLE (int bits). */
    public static final class LightField {
        private LightField() {
        }

        public static final int POSITION = 4 * LIGHT_POSITION, RADIUS = POSITION + 3;
        public static final int COLOR = 4 * LIGHT_COLOR, SHAPE = COLOR + 3;
        public static final int EDGE_U = 4 * LIGHT_EDGE_U, EDGE_V = 4 * LIGHT_EDGE_V;
    }

    /** An instance's fields: four 3 x 4 matrices (rows of 4 floats), then its shape (int bits). */
    public static final class InstanceField {
        private InstanceField() {
        }

        public static final int TO_OBJECT_OPEN = 4 * INSTANCE_TO_OBJECT_OPEN, TO_OBJECT_CLOSE = 4 * INSTANCE_TO_OBJECT_CLOSE;
        public static final int TO_WORLD_OPEN = 4 * INSTANCE_TO_WORLD_OPEN, TO_WORLD_CLOSE = 4 * INSTANCE_TO_WORLD_CLOSE;
        public static final int ROOT = 4 * INSTANCE_SHAPE, NODE_COUNT = ROOT + 1;
    }

    /** The ground plane record's fields: its triangle's v0 and edges, then its primitive and instance (int bits). */
    public static final class GroundField {
        private GroundField() {
        }

        public static final int ORIGIN = 4 * GROUND_ORIGIN, EDGE_U = 4 * GROUND_EDGE_U, EDGE_V = 4 * GROUND_EDGE_V;
        public static final int PRIMITIVE = 4 * GROUND_IDS, INSTANCE = PRIMITIVE + 1;
    }

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

    /**
     * The layout's {@code #define}s: every public int constant above as {@code GI_<NAME>} (derived by
     * {@link GlslConstants}, not listed a second time), then the box layout's and the spatial layout's.
     */
    public static Map<String, String> glslDefines() {
        Map<String, String> d = new LinkedHashMap<>(GlslConstants.of(GeometryImageLayout.class, "GI_"));
        d.putAll(BoxLayout.glslDefines());
        d.putAll(SpatialLayout.glslDefines());
        return d;
    }
}
