// The uniform grid's 3D-DDA (Amanatides & Woo), as the GPU Whitted tracer of Christen (2005) walks
// it; twin of SpatialTraversal.walkGrid. From the cell where the ray enters the grid, cell by cell in
// ray order, testing each cell's primitives. A primitive listed in several cells may be hit beyond
// the current cell, so the walk stops only once the closest hit so far lies before the cell's exit.

// The cell along one axis holding coordinate p, clamped to the grid.
int entryCell(float p, float origin, float cell, int cells) {
    return int(clamp(floor((p - origin) / cell), 0.0, float(cells - 1)));
}

bool walkGrid(int root, vec3 o, vec3 d, int instance, inout Hit hit, bool anyHit) {
    vec4 origin = spatialTexel(root, AX_GRID_ORIGIN);
    vec4 cellSize = spatialTexel(root, AX_GRID_CELL);
    ivec4 res = floatBitsToInt(spatialTexel(root, AX_GRID_RES));
    int bound = floatBitsToInt(origin.w);
    int table = floatBitsToInt(cellSize.w);
    vec3 invD = safeInverse(d);
    vec3 t0 = (origin.xyz - o) * invD;
    vec3 t1 = (origin.xyz + vec3(res.xyz) * cellSize.xyz - o) * invD;
    vec3 tn = min(t0, t1);
    vec3 tf = max(t0, t1);
    float enter = max(max(tn.x, tn.y), max(tn.z, 0.0));
    float leave = min(min(tf.x, tf.y), min(tf.z, hit.t));
    if (!(enter <= leave)) return false;
    vec3 p = o + enter * d;
    ivec3 cell = ivec3(entryCell(p.x, origin.x, cellSize.x, res.x), entryCell(p.y, origin.y, cellSize.y, res.y),
                       entryCell(p.z, origin.z, cellSize.z, res.z));
    ivec3 stepDir = ivec3(d.x >= 0.0 ? 1 : -1, d.y >= 0.0 ? 1 : -1, d.z >= 0.0 ? 1 : -1);
    vec3 next = (origin.xyz + vec3(cell + max(stepDir, ivec3(0))) * cellSize.xyz - o) * invD;
    vec3 delta = cellSize.xyz * abs(invD);
    bool found = false;
    for (int steps = 1; ; steps++) {
        if (steps > bound) {
            hit.overflow = true;
            return found;
        }
        int c = table + cell.x + res.x * (cell.y + res.y * cell.z);
        if (testList(spatialWord(c), spatialWord(c + 1), instance, o, d, hit, anyHit)) {
            found = true;
            if (anyHit) return true;
        }
        float exit = min(next.x, min(next.y, next.z));
        if (hit.t <= exit) return found;  // every later cell lies beyond the closest hit
        if (next.x <= next.y && next.x <= next.z) {
            cell.x += stepDir.x;
            if (cell.x < 0 || cell.x >= res.x) return found;
            next.x += delta.x;
        } else if (next.y <= next.z) {
            cell.y += stepDir.y;
            if (cell.y < 0 || cell.y >= res.y) return found;
            next.y += delta.y;
        } else {
            cell.z += stepDir.z;
            if (cell.z < 0 || cell.z >= res.z) return found;
            next.z += delta.z;
        }
    }
    return found;
}
