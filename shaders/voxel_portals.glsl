// The portal walk through a voxel space's divs (Edwards 2014, "A Novel Raytracing Algorithm for
// GPU"), the twin of org.drtstudio.render.cpu.PortalTraversal: same entry, same plane distances
// from the ray's origin, same texel lookup. Layout: org.drtstudio.accel.voxel.PortalLayout (VX_*).
// Divs, portal texels and the entry grid are ints in shader storage buffers; several spaces may lie
// one after another in them (the renderer's voxel shapes), each walked through its VxGrid's bases.

layout(std430, binding = VX_BINDING_DIVS) readonly buffer VoxelDivs { int vxDivs[]; };
layout(std430, binding = VX_BINDING_PORTALS) readonly buffer VoxelPortals { int vxPortals[]; };
layout(std430, binding = VX_BINDING_ENTRY) readonly buffer VoxelEntry { int vxEntry[]; };

// One space in the buffers: cells per axis, the grid's low corner in the space's coordinates
// (integers), and where its divs (in divs), portal texels and entry grid begin. Div indices and
// first-texel indices stored in the space are its own, counted from those bases.
struct VxGrid {
    vec3 size;
    vec3 origin;
    int divBase;
    int portalBase;
    int entryBase;
};

struct PortalHit {
    float t;
    int axis;          // the hit face's axis
    float normalSign;  // its normal's sign along the axis
    int palette;       // the voxel's palette index
    int cell;          // the hit voxel's cell, i + sx * (j + sy * k)
    int steps;         // div steps taken
    bool overflow;     // ran past the step bound
};

int vxFaceOffset(int face, ivec3 e) {
    int areaX = e.y * e.z, areaY = e.z * e.x, areaZ = e.x * e.y;
    int offset = 0;
    for (int f = 0; f < face; f++) offset += f < 2 ? areaX : (f < 4 ? areaY : areaZ);
    return offset;
}

bool vxHit(float t, int axis, float sign, int palette, int cell, inout PortalHit h) {
    h.t = t;
    h.cell = cell;
    h.axis = axis;
    h.normalSign = sign;
    h.palette = palette;
    return true;
}

// Whether a solid voxel face lies on the ray at 0 <= t < tMax; the closest one goes to h.
bool portalClosest(VxGrid grid, vec3 o, vec3 d, float tMax, inout PortalHit h) {
    h.steps = 0;
    h.overflow = false;
    ivec3 size = ivec3(grid.size);
    vec3 g = o - grid.origin;
    float tCurrent = 0.0;
    ivec3 c = ivec3(floor(g));
    int e;
    if (all(greaterThanEqual(c, ivec3(0))) && all(lessThan(c, size))) {
        e = vxEntry[grid.entryBase + c.x + size.x * (c.y + size.y * c.z)];
        if (e < 0) return false;
    } else {
        float near = 0.0, far = tMax;
        int nearAxis = -1;
        for (int a = 0; a < 3; a++) {
            if (d[a] == 0.0) {
                if (g[a] < 0.0 || g[a] > grid.size[a]) return false;
                continue;
            }
            float t0 = (0.0 - g[a]) / d[a], t1 = (grid.size[a] - g[a]) / d[a];
            if (t0 > t1) { float s = t0; t0 = t1; t1 = s; }
            if (t0 > near) { near = t0; nearAxis = a; }
            far = min(far, t1);
        }
        if (near > far || nearAxis < 0) return false;
        ivec3 cell;
        for (int a = 0; a < 3; a++)
            cell[a] = a == nearAxis ? (d[a] > 0.0 ? 0 : size[a] - 1)
                    : min(size[a] - 1, max(0, int(floor(g[a] + near * d[a]))));
        int entered = cell.x + size.x * (cell.y + size.y * cell.z);
        e = vxEntry[grid.entryBase + entered];
        tCurrent = near;
        if (e < 0) return vxHit(near, nearAxis, d[nearAxis] > 0.0 ? -1.0 : 1.0, -e, entered, h);
    }
    int div = e;
    int bound = size.x + size.y + size.z + 8;
    while (h.steps++ < bound) {
        int o8 = VX_DIV_INTS * (grid.divBase + div);
        ivec3 lo = ivec3(vxDivs[o8 + VX_DIV_LO], vxDivs[o8 + VX_DIV_LO + 1], vxDivs[o8 + VX_DIV_LO + 2]);
        ivec3 hi = ivec3(vxDivs[o8 + VX_DIV_HI], vxDivs[o8 + VX_DIV_HI + 1], vxDivs[o8 + VX_DIV_HI + 2]);
        float tx = d.x > 0.0 ? (float(hi.x) - g.x) / d.x : (d.x < 0.0 ? (float(lo.x) - g.x) / d.x : INFINITY);
        float ty = d.y > 0.0 ? (float(hi.y) - g.y) / d.y : (d.y < 0.0 ? (float(lo.y) - g.y) / d.y : INFINITY);
        float tz = d.z > 0.0 ? (float(hi.z) - g.z) / d.z : (d.z < 0.0 ? (float(lo.z) - g.z) / d.z : INFINITY);
        int axis;
        float tExit;
        if (tx <= ty && tx <= tz) { axis = 0; tExit = tx; }
        else if (ty <= tz) { axis = 1; tExit = ty; }
        else { axis = 2; tExit = tz; }
        tExit = max(tExit, tCurrent);
        if (tExit >= tMax) return false;
        ivec3 ext = hi - lo;
        int face, texel, beyond;  // beyond: the cell past the texel (meaningful when it is solid)
        if (axis == 0) {
            face = d.x > 0.0 ? 1 : 0;
            int u = clamp(int(floor(g.y + tExit * d.y)), lo.y, hi.y - 1) - lo.y;
            int v = clamp(int(floor(g.z + tExit * d.z)), lo.z, hi.z - 1) - lo.z;
            texel = u + v * ext.y;
            beyond = (d.x > 0.0 ? hi.x : lo.x - 1) + size.x * (lo.y + u + size.y * (lo.z + v));
        } else if (axis == 1) {
            face = d.y > 0.0 ? 3 : 2;
            int u = clamp(int(floor(g.z + tExit * d.z)), lo.z, hi.z - 1) - lo.z;
            int v = clamp(int(floor(g.x + tExit * d.x)), lo.x, hi.x - 1) - lo.x;
            texel = u + v * ext.z;
            beyond = lo.x + v + size.x * ((d.y > 0.0 ? hi.y : lo.y - 1) + size.y * (lo.z + u));
        } else {
            face = d.z > 0.0 ? 5 : 4;
            int u = clamp(int(floor(g.x + tExit * d.x)), lo.x, hi.x - 1) - lo.x;
            int v = clamp(int(floor(g.y + tExit * d.y)), lo.y, hi.y - 1) - lo.y;
            texel = u + v * ext.x;
            beyond = lo.x + u + size.x * (lo.y + v + size.y * (d.z > 0.0 ? hi.z : lo.z - 1));
        }
        int next = vxPortals[grid.portalBase + vxDivs[o8 + VX_DIV_FIRST_PORTAL] + vxFaceOffset(face, ext) + texel];
        if (next == VX_EXIT) return false;
        if (next < 0) return vxHit(tExit, axis, d[axis] > 0.0 ? -1.0 : 1.0, -next, beyond, h);
        div = next;
        tCurrent = tExit;
    }
    h.overflow = true;
    return false;
}

// Whether the point (the space's coordinates) lies in a solid voxel: a ray from there finds nothing here.
bool vxSolidAt(VxGrid grid, vec3 o) {
    ivec3 size = ivec3(grid.size);
    ivec3 c = ivec3(floor(o - grid.origin));
    if (any(lessThan(c, ivec3(0))) || any(greaterThanEqual(c, size))) return false;
    return vxEntry[grid.entryBase + c.x + size.x * (c.y + size.y * c.z)] < 0;
}
