package org.drtstudio.accel.voxel;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one definition of how a {@link PortalSpace} is packed, shared by the CPU walk and the GLSL
 * one (emitted as {@code #define}s by {@link #defines()}).
 *
 * <p>Divs: {@link #DIV_INTS} ints per div: the low corner (x, y, z) and the high corner (x, y, z)
 * in cells, then the index of the div's first portal texel. A div's portal texels follow one
 * another face by face in the order −x, +x, −y, +y, −z, +z; face of axis a has (extent along
 * (a+1) mod 3) × (extent along (a+2) mod 3) texels, u = (a+1) mod 3 varying fastest.
 *
 * <p>Portal texels: a div index (≥ 0) a ray leaving through that texel enters next;
 * {@code −p} for a solid voxel of palette index p (1…255) just beyond the face; {@link #EXIT}
 * where the face is the grid's boundary.
 *
 * <p>Entry grid: one int per cell, the div that holds an empty cell, {@code −p} for a solid one
 * (the same encoding): where a ray starting inside the grid, or entering it, begins.
 *
 * <p>Inside the renderer ({@code --accel portals}, {@link PortalShapes}) the spaces of all voxel
 * shapes are concatenated: their divs, portal texels and entry grids one after another, div indices
 * and first-texel indices kept local to their space. Shape headers ({@link #SHAPE_INTS} ints each):
 * the grid's size (x, y, z) and origin (x, y, z), the bases of its divs (in divs), portal texels and
 * entry grid (in ints), and where its face records start. Faces buffer: first, aligned with the
 * entry grids, one int per cell naming the cell's face slot ({@link #NO_FACE} for none), then per
 * slot {@link #FACE_INTS} ints: for each face direction (−x, +x, −y, +y, −z, +z) the geometry
 * image's two triangles of that face ({@link #NO_FACE} where the face is not exposed).
 */
public final class PortalLayout {
    public static final int DIV_INTS = 7;
    public static final int DIV_LO = 0, DIV_HI = 3, DIV_FIRST_PORTAL = 6;
    /** A portal texel on the grid's boundary: the ray leaves the voxel space. */
    public static final int EXIT = -256;
    /** Shader storage binding points of the divs, the portal texels and the entry grid. */
    public static final int BINDING_DIVS = 3, BINDING_PORTALS = 4, BINDING_ENTRY = 5;
    /** The renderer's shape headers and face records. */
    public static final int BINDING_SHAPES = 6, BINDING_FACES = 7;
    public static final int SHAPE_INTS = 10;
    public static final int SHAPE_SIZE = 0, SHAPE_ORIGIN = 3, SHAPE_DIV_BASE = 6, SHAPE_PORTAL_BASE = 7, SHAPE_ENTRY_BASE = 8,
            SHAPE_FACE_BASE = 9;
    /** Ints per face slot: two triangles for each of the six directions. */
    public static final int FACE_INTS = 12;
    public static final int NO_FACE = -1;

    private PortalLayout() {
    }

    /** The constants as GLSL {@code #define}s, prefixed {@code VX_}. */
    public static Map<String, String> defines() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("VX_DIV_INTS", Integer.toString(DIV_INTS));
        d.put("VX_DIV_LO", Integer.toString(DIV_LO));
        d.put("VX_DIV_HI", Integer.toString(DIV_HI));
        d.put("VX_DIV_FIRST_PORTAL", Integer.toString(DIV_FIRST_PORTAL));
        d.put("VX_EXIT", Integer.toString(EXIT));
        d.put("VX_BINDING_DIVS", Integer.toString(BINDING_DIVS));
        d.put("VX_BINDING_PORTALS", Integer.toString(BINDING_PORTALS));
        d.put("VX_BINDING_ENTRY", Integer.toString(BINDING_ENTRY));
        d.put("VX_BINDING_SHAPES", Integer.toString(BINDING_SHAPES));
        d.put("VX_BINDING_FACES", Integer.toString(BINDING_FACES));
        d.put("VX_SHAPE_INTS", Integer.toString(SHAPE_INTS));
        d.put("VX_SHAPE_SIZE", Integer.toString(SHAPE_SIZE));
        d.put("VX_SHAPE_ORIGIN", Integer.toString(SHAPE_ORIGIN));
        d.put("VX_SHAPE_DIV_BASE", Integer.toString(SHAPE_DIV_BASE));
        d.put("VX_SHAPE_PORTAL_BASE", Integer.toString(SHAPE_PORTAL_BASE));
        d.put("VX_SHAPE_ENTRY_BASE", Integer.toString(SHAPE_ENTRY_BASE));
        d.put("VX_SHAPE_FACE_BASE", Integer.toString(SHAPE_FACE_BASE));
        d.put("VX_FACE_INTS", Integer.toString(FACE_INTS));
        d.put("VX_NO_FACE", Integer.toString(NO_FACE));
        return d;
    }

    /** Texels of the faces before face {@code face} (0…5: −x, +x, −y, +y, −z, +z) of a div of extents (ex, ey, ez). */
    public static int faceOffset(int face, int ex, int ey, int ez) {
        int areaX = ey * ez, areaY = ez * ex, areaZ = ex * ey;
        int offset = 0;
        for (int f = 0; f < face; f++) offset += f < 2 ? areaX : f < 4 ? areaY : areaZ;
        return offset;
    }
}
