// --accel portals: an instance of a voxel shape is walked through its space's div portals
// (voxel_portals.glsl) instead of the box layout, and the portal hit becomes a hit on the geometry
// image's triangle of that voxel face, so shading, textures and AOVs are the box walk's. Twin of
// the portal branch of org.drtstudio.render.cpu.Traversal; the packing is
// org.drtstudio.accel.voxel.PortalLayout's (shape headers, face slots and records: VX_* defines).
#include "voxel_portals.glsl"

layout(std430, binding = VX_BINDING_SHAPES) readonly buffer VoxelShapes { int vxShapes[]; };
layout(std430, binding = VX_BINDING_FACES) readonly buffer VoxelFaces { int vxFaces[]; };

VxGrid voxelShapeGrid(int shape) {
    int h = VX_SHAPE_INTS * shape;
    return VxGrid(vec3(vxShapes[h + VX_SHAPE_SIZE], vxShapes[h + VX_SHAPE_SIZE + 1], vxShapes[h + VX_SHAPE_SIZE + 2]),
                  vec3(vxShapes[h + VX_SHAPE_ORIGIN], vxShapes[h + VX_SHAPE_ORIGIN + 1], vxShapes[h + VX_SHAPE_ORIGIN + 2]),
                  vxShapes[h + VX_SHAPE_DIV_BASE], vxShapes[h + VX_SHAPE_PORTAL_BASE], vxShapes[h + VX_SHAPE_ENTRY_BASE]);
}

// The closest voxel face on the object-space ray (lo, ld) below hit.t, as a hit on the image's triangle
// of that face; with anyHit, whether there is one. The face's two triangles are intersected as the box
// walk does, so the distance and barycentrics are the box walk's; where float rounding at the square's
// edges lets both miss, the portal's own distance stands, on the first triangle.
bool walkPortalShape(int shape, VxGrid grid, int instance, vec3 lo, vec3 ld, inout Hit hit, bool anyHit) {
    PortalHit ph;
    if (!portalClosest(grid, lo, ld, hit.t, ph)) {
        if (ph.overflow) hit.overflow = true;
        return false;
    }
    if (anyHit) {
        hit.t = ph.t;
        hit.instance = instance;
        return true;
    }
    int slot = vxFaces[grid.entryBase + ph.cell];
    int at = vxShapes[VX_SHAPE_INTS * shape + VX_SHAPE_FACE_BASE] + VX_FACE_INTS * slot
             + 2 * (2 * ph.axis + (ph.normalSign > 0.0 ? 1 : 0));
    int first = vxFaces[at];
    if (!intersectLeafPrimitive(first, lo, ld, hit) && !intersectLeafPrimitive(vxFaces[at + 1], lo, ld, hit)) {
        hit.t = ph.t;
        hit.primitive = first;
        hit.uv = vec2(0.0);
    }
    hit.instance = instance;
    return true;
}
