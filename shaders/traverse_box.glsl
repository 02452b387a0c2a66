// The default walk of both tracers (--nodes boxes); twin of the box walk in
// org.drtstudio.render.cpu.Traversal. One binary tree of axis-aligned boxes, each inner node holding
// its two children's boxes, primitives stored beside it in leaf order (org.drtstudio.accel.BoxLayout
// documents the layout; its constants are the BL_* defines). The top level is the stackless sphere
// walk of traverse.glsl; inside an instance the ray tests both children of a node, goes on to the
// nearer one it meets and keeps the other on a short stack, so one layout serves every direction.
// BL_BUFFERS (set by the host per device, org.drtstudio.render.gl.BoxStorage) reads the nodes and
// primitives from read-only storage buffers, plain global loads: on an H100 27 % more shadow rays a
// second on bunny_18m than through texelFetch; on llvmpipe textures are faster, so it keeps them.
layout(binding = BL_ROOTS_UNIT) uniform sampler2D uBoxRoots;  // per instance: x = its shape's root node (int bits)
#ifndef BL_BUFFERS
#define BL_BUFFERS 0
#endif
#if BL_BUFFERS
layout(std430, binding = BL_NODES_BINDING) readonly restrict buffer BoxNodes { vec4 boxNodes[]; };
layout(std430, binding = BL_PRIMITIVES_BINDING) readonly restrict buffer BoxPrimitives { vec4 boxPrimitives[]; };
vec4 boxNodeTexel(int node, int k) { return boxNodes[node * BL_NODE_TEXELS + k]; }
vec4 boxPrimitiveTexel(int p, int k) { return boxPrimitives[p * BL_PRIMITIVE_TEXELS + k]; }
#else
layout(binding = BL_NODES_UNIT) uniform sampler2D uBoxNodes;
layout(binding = BL_PRIMITIVES_UNIT) uniform sampler2D uBoxPrimitives;
vec4 boxNodeTexel(int node, int k) { return fetchTexel(uBoxNodes, node * BL_NODE_TEXELS + k); }
vec4 boxPrimitiveTexel(int p, int k) { return fetchTexel(uBoxPrimitives, p * BL_PRIMITIVE_TEXELS + k); }
#endif

// 1 / d with zero components replaced by +-1e-20 (by sign bit-free comparison, as the Java twin does),
// so the slab test never forms 0 * inf.
vec3 safeInverse(vec3 d) {
    vec3 tiny = vec3(d.x >= 0.0 ? 1e-20 : -1e-20, d.y >= 0.0 ? 1e-20 : -1e-20, d.z >= 0.0 ? 1e-20 : -1e-20);
    return 1.0 / mix(d, tiny, lessThan(abs(d), vec3(1e-20)));
}

// Whether the ray o + t d meets the box for some t in [0, tMax]; invD = 1 / d.
bool hitsBox(vec3 lo, vec3 hi, vec3 o, vec3 invD, float tMax) {
    vec3 t0 = (lo - o) * invD;
    vec3 t1 = (hi - o) * invD;
    vec3 tn = min(t0, t1);
    vec3 tf = max(t0, t1);
    float enter = max(max(tn.x, tn.y), max(tn.z, 0.0));
    float leave = min(min(tf.x, tf.y), min(tf.z, tMax));
    return enter <= leave;
}

// Where the ray enters the box within [0, tMax], or -1 when it does not meet it there (the same
// operations as hitsBox, so both tracers decide alike).
float boxEntry(vec3 lo, vec3 hi, vec3 o, vec3 invD, float tMax) {
    vec3 t0 = (lo - o) * invD;
    vec3 t1 = (hi - o) * invD;
    vec3 tn = min(t0, t1);
    vec3 tf = max(t0, t1);
    float enter = max(max(tn.x, tn.y), max(tn.z, 0.0));
    float leave = min(min(tf.x, tf.y), min(tf.z, tMax));
    return enter <= leave ? enter : -1.0;
}

// boxEntry with the origin scaled beforehand (oInvD = o * invD): each slab distance (lo - o) / d is
// fma(lo, invD, -oInvD), one fused multiply-add instead of a subtraction and a product (Aila and
// Laine 2009). precise keeps the fma one operation on every compiler, as Math.fma is in the Java twin
// (Traversal.boxEntryScaled), so both tracers still decide alike.
float boxEntryScaled(vec3 lo, vec3 hi, vec3 oInvD, vec3 invD, float tMax) {
    precise vec3 t0 = fma(lo, invD, -oInvD);
    precise vec3 t1 = fma(hi, invD, -oInvD);
    vec3 tn = min(t0, t1);
    vec3 tf = max(t0, t1);
    float enter = max(max(tn.x, tn.y), max(tn.z, 0.0));
    float leave = min(min(tf.x, tf.y), min(tf.z, tMax));
    return enter <= leave ? enter : -1.0;
}

// Primitive p from the layout's own copy: v0 and the edges, or a sphere's centre and radius.
bool intersectLeafPrimitive(int p, vec3 o, vec3 d, inout Hit hit) {
    vec4 a = boxPrimitiveTexel(p, BL_PRIMITIVE_V0);
    vec4 b = boxPrimitiveTexel(p, BL_PRIMITIVE_E1);
    if (floatBitsToInt(a.w) == GI_KIND_TRIANGLE) return intersectTriangle(p, a.xyz, b.xyz, boxPrimitiveTexel(p, BL_PRIMITIVE_E2).xyz, o, d, hit);
    return intersectSphere(p, vec4(a.xyz, b.x), o, d, hit);
}

#if ACCEL_WALK == AX_WALK_PORTALS
#include "traverse_portals.glsl"
#endif

// The walk's stack. GLSL inlines every call, so it is declared once at module scope: a kernel that
// traces several rays (the frame: camera, shadow and glossy rays) would otherwise hold an array per
// call site (H100, bunny 16-spp frame: 586 ms, against 324 ms with one). BL_STACK_SHARED (set by
// the host per kernel) puts the stacks of a work group in shared memory, entry k of invocation i
// at k * BL_GROUP_INVOCATIONS + i: the frame kernel, limited by its registers to few groups per
// SM, runs 2-3x faster so (bunny 324 -> 99 ms), while the one-ray-type kernels, which run many
// groups, lose half their speed to it (shared memory is carved out of the L1 cache the walk reads
// through), so they keep theirs in local memory. Keeping only the first 8, 16 or 24 entries in shared
// memory and deeper ones in local memory made bunny_1m's frame slower (410, 336, 172 ms against 165).
// docs/BENCHMARKS.md has the measurements.
#ifndef BL_STACK_SHARED
#define BL_STACK_SHARED 0
#endif
#if BL_STACK_SHARED
shared int boxStackShared[BL_STACK_SIZE * BL_GROUP_INVOCATIONS];
#define BOX_STACK(k) boxStackShared[(k) * BL_GROUP_INVOCATIONS + int(gl_LocalInvocationIndex)]
#else
int boxStack[BL_STACK_SIZE];
#define BOX_STACK(k) boxStack[k]
#endif

// Tests the primitives of the leaf with this link; with anyHit stops at the first hit.
bool testLeaf(int link, int instance, vec3 lo, vec3 ld, inout Hit hit, bool anyHit) {
    int word = ~link;
    int start = word >> BL_LEAF_COUNT_BITS;
    int end = start + (word & BL_LEAF_COUNT_MASK);
    bool found = false;
    for (int p = start; p < end; p++) {
        if (intersectLeafPrimitive(p, lo, ld, hit)) {
            hit.instance = instance;
            found = true;
            if (anyHit) return true;
        }
    }
    return found;
}

bool traverseBoxes(vec3 o, vec3 d, float time, inout Hit hit, bool anyHit) {
    int topNode = 0;
    bool inShape = false;
    int node = 0;        // inside a shape: an inner node (>= 0) or a leaf (~leaf word)
    int instance = -1;
    vec3 lo = vec3(0.0), ld = vec3(0.0), invD = vec3(0.0), oInvD = vec3(0.0);
    int sp = 0;
    int steps = 0;
    bool found = false;
    while (true) {
        if (++steps > uStepBound) {
            hit.overflow = true;
            return found;
        }
        if (!inShape) {
            if (topNode == GI_END) return found;
            if (enterNextInstance(topNode, o, d, time, hit.t, instance, lo, ld)) {
#if ACCEL_WALK == AX_WALK_PORTALS
                ivec2 roots = floatBitsToInt(fetchTexel(uBoxRoots, instance).xy);  // y: its voxel shape, or -1
                if (roots.y >= 0) {
                    VxGrid grid = voxelShapeGrid(roots.y);
                    if (!vxSolidAt(grid, lo)) {  // from inside a solid voxel (glass), the faces are walked
                        if (walkPortalShape(roots.y, grid, instance, lo, ld, hit, anyHit)) {
                            found = true;
                            if (anyHit) return true;
                        }
                        if (hit.overflow) return found;
                        continue;
                    }
                }
                node = roots.x;
#else
                node = floatBitsToInt(fetchTexel(uBoxRoots, instance).x);
#endif
                invD = safeInverse(ld);
                oInvD = lo * invD;
                sp = 0;
                inShape = true;
            }
            continue;
        }
        if (node >= 0) {
            vec4 a0 = boxNodeTexel(node, BL_CHILD_A_LO);
            vec4 a1 = boxNodeTexel(node, BL_CHILD_A_HI);
            vec4 b0 = boxNodeTexel(node, BL_CHILD_B_LO);
            vec4 b1 = boxNodeTexel(node, BL_CHILD_B_HI);
            float ta = boxEntryScaled(a0.xyz, a1.xyz, oInvD, invD, hit.t);
            float tb = boxEntryScaled(b0.xyz, b1.xyz, oInvD, invD, hit.t);
            int la = floatBitsToInt(a0.w), lb = floatBitsToInt(a1.w);
            if (ta >= 0.0 && tb >= 0.0) {
                if (sp == BL_STACK_SIZE) {  // cannot happen for a layout BoxLayout made: it bounds the height
                    hit.overflow = true;
                    return found;
                }
                bool aFirst = ta <= tb;
                BOX_STACK(sp) = aFirst ? lb : la;
                sp++;
                node = aFirst ? la : lb;
                continue;
            }
            if (ta >= 0.0 || tb >= 0.0) {
                node = ta >= 0.0 ? la : lb;
                continue;
            }
        } else if (testLeaf(node, instance, lo, ld, hit, anyHit)) {
            found = true;
            if (anyHit) return true;
        }
        if (sp == 0) inShape = false;
        else node = BOX_STACK(--sp);
    }
    return found;
}
