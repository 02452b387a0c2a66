// Stackless two-level traversal: on a sphere hit follow the hit link (testing a leaf's primitives
// first), on a miss the skip link. A top-level leaf enters its instance (ray into object space,
// direction not renormalised so t stays a world distance); the shape's END returns to the top
// level at that leaf's skip link. Twin of org.drtstudio.render.cpu.Traversal.
#include "geometry_image.glsl"

#ifndef BOX_NODES
#define BOX_NODES 0
#endif
#ifndef ACCEL_WALK
#define ACCEL_WALK AX_WALK_BVH
#endif

struct Hit {
    float t;
    int primitive;  // index in the primitive texture, -1 for none
    int instance;   // the instance whose shape holds it
    vec2 uv;        // barycentrics of v1, v2 on triangles
    bool overflow;  // the walk exceeded its bound: a corrupt hierarchy
};

// Whether o + t d (d of any length) meets the sphere for some t in [0, tMax].
bool hitsBoundingSphere(vec4 sphere, vec3 o, vec3 d, float tMax) {
    float a = dot(d, d);
    vec3 oc = sphere.xyz - o;
    float tca = dot(oc, d) / a;
    vec3 p = oc - tca * d;
    float d2 = dot(p, p);
    float r2 = sphere.w * sphere.w;
    if (d2 > r2) return false;
    float thc = sqrt((r2 - d2) / a);
    return tca + thc >= 0.0 && tca - thc <= tMax;
}

// Möller–Trumbore on v0 and the edges v1 - v0, v2 - v0; t in units of d's length.
bool intersectTriangle(int p, vec3 p0, vec3 e1, vec3 e2, vec3 o, vec3 d, inout Hit hit) {
    vec3 pv = cross(d, e2);
    float det = dot(e1, pv);
    if (det == 0.0) return false;
    float inv = 1.0 / det;
    vec3 tv = o - p0;
    float u = dot(tv, pv) * inv;
    if (u < 0.0 || u > 1.0) return false;
    vec3 qv = cross(tv, e1);
    float v = dot(d, qv) * inv;
    if (v < 0.0 || u + v > 1.0) return false;
    float t = dot(e2, qv) * inv;
    if (!(t > 0.0 && t < hit.t)) return false;
    hit.t = t;
    hit.primitive = p;
    hit.uv = vec2(u, v);
    return true;
}

// sphere: centre.xyz, radius.
bool intersectSphere(int p, vec4 sphere, vec3 o, vec3 d, inout Hit hit) {
    float r = sphere.w;
    float a = dot(d, d);
    vec3 oc = o - sphere.xyz;
    float b = dot(oc, d) / a;
    vec3 f = oc - b * d;
    float disc = (r * r - dot(f, f)) / a;
    if (disc < 0.0) return false;
    float s = sqrt(disc);
    float t = -b - s;
    if (!(t > 0.0)) t = -b + s;
    if (!(t > 0.0 && t < hit.t)) return false;
    hit.t = t;
    hit.primitive = p;
    return true;
}

// Primitive p of the geometry image (through its vertex indices).
bool intersectPrimitive(int p, vec3 o, vec3 d, inout Hit hit) {
    ivec4 prim = primitiveTexel(p);
    if (primitiveKind(prim) == GI_KIND_TRIANGLE) {
        vec3 p0, e1, e2;
        triangleEdges(prim, p0, e1, e2);
        return intersectTriangle(p, p0, e1, e2, o, d, hit);
    }
    return intersectSphere(p, vertexTexel(prim.x, GI_VERTEX_POSITION), o, d, hit);
}

// One step of the top-level walk, written once for every walk of the shapes (sphere, box,
// octant-ordered, grid and octree, and the paired rays of traverse_pair.glsl): given top node
// topNode's links and whether the ray (or either ray of a pair) met its sphere, returns the instance
// of a leaf it met, with topNode at the leaf's skip link, where the walk goes on once the shape is
// done; otherwise advances topNode (hit link into the subtree, or skip link) and returns -1.
// Twin of TopLevelWalk.enterNextInstance (Java).
int stepTopLevel(inout int topNode, ivec4 links, bool met) {
    if (!met) {
        topNode = links.y;
        return -1;
    }
    if (links.z <= 0) {
        topNode = links.x;
        return -1;
    }
    topNode = links.y;
    return links.w;
}

// The top-level step for one ray: tests top node topNode against the world ray; on a leaf it
// meets, returns true with the leaf's instance and the ray in that instance's object space
// (direction not renormalised, so t stays a world distance). Otherwise returns false, leaving
// instance, lo and ld as they were.
bool enterNextInstance(inout int topNode, vec3 o, vec3 d, float time, float tMax, inout int instance, inout vec3 lo,
                       inout vec3 ld) {
    vec4 sphere = topNodeTexel(topNode, GI_NODE_SPHERE);
    ivec4 links = floatBitsToInt(topNodeTexel(topNode, GI_NODE_LINKS));
    int entered = stepTopLevel(topNode, links, hitsBoundingSphere(sphere, o, d, tMax));
    if (entered < 0) return false;
    instance = entered;
    toObjectRay(instance, time, o, d, lo, ld);
    return true;
}

#include "traverse_box.glsl"
#include "traverse_spatial.glsl"

// The DRT paper's ground plane, tested outside the tree (GeometryImage.ground, set by the host from
// its GI_GROUND_* record): the plane of the triangle origin, edge u, edge v that shades it, as primitive
// uGroundIds.x of identity instance uGroundIds.y.
uniform bool uGroundPlane;
uniform vec3 uGroundOrigin;
uniform vec3 uGroundEdgeU;
uniform vec3 uGroundEdgeV;
uniform ivec2 uGroundIds;

// intersectTriangle without the edge tests: u and v run past [0, 1] and are the ground's texture
// coordinates. Twin of RayTriangle.intersectPlane (Java).
bool intersectGround(vec3 o, vec3 d, inout Hit hit) {
    vec3 pv = cross(d, uGroundEdgeV);
    float det = dot(uGroundEdgeU, pv);
    if (det == 0.0) return false;
    float inv = 1.0 / det;
    vec3 tv = o - uGroundOrigin;
    vec3 qv = cross(tv, uGroundEdgeU);
    float t = dot(uGroundEdgeV, qv) * inv;
    if (!(t > 0.0 && t < hit.t)) return false;
    hit.t = t;
    hit.primitive = uGroundIds.x;
    hit.instance = uGroundIds.y;
    hit.uv = vec2(dot(tv, pv) * inv, dot(d, qv) * inv);
    return true;
}

bool traverseTree(vec3 o, vec3 d, float time, inout Hit hit, bool anyHit);

// Closest hit in (0, hit.t) when anyHit is false; stops at the first hit below hit.t otherwise. The
// ground plane first: a hit on it ends a shadow ray's query and clips the tree walk's tMax, so the
// walk culls what lies beyond the ground. Every walk variant is reached through here.
bool traverse(vec3 o, vec3 d, float time, inout Hit hit, bool anyHit) {
    bool ground = uGroundPlane && intersectGround(o, d, hit);
    if (ground && anyHit) return true;
    return traverseTree(o, d, time, hit, anyHit) || ground;
}

// The tree's closest hit (or any hit) in (0, hit.t), the ground plane aside.
// BOX_NODES (set by the host) walks the box layout instead of the spheres.
bool traverseTree(vec3 o, vec3 d, float time, inout Hit hit, bool anyHit) {
#if ACCEL_WALK == AX_WALK_GRID || ACCEL_WALK == AX_WALK_OCTREE
    return traverseSpatial(o, d, time, hit, anyHit);  // --accel grid|octree (ACCEL_WALK set by the host)
#elif BOX_NODES || ACCEL_WALK == AX_WALK_PORTALS  // portals: voxel shapes inside the box walk
    return traverseBoxes(o, d, time, hit, anyHit);
#else
    int topNode = 0;
    int node = GI_END;   // GI_END: at the top level
    int instance = -1;
    vec3 lo = vec3(0.0), ld = vec3(0.0);
    int steps = 0;
    bool found = false;
    while (true) {
        if (++steps > uStepBound) {
            hit.overflow = true;
            return found;
        }
        if (node == GI_END) {
            if (topNode == GI_END) return found;
            if (enterNextInstance(topNode, o, d, time, hit.t, instance, lo, ld)) {
                node = floatBitsToInt(instanceTexel(instance, GI_INSTANCE_SHAPE).x);
            }
            continue;
        }
        vec4 sphere = nodeTexel(node, GI_NODE_SPHERE);
        ivec4 links = floatBitsToInt(nodeTexel(node, GI_NODE_LINKS));
        if (hitsBoundingSphere(sphere, lo, ld, hit.t)) {
            for (int p = links.w; p < links.w + links.z; p++) {
                if (intersectPrimitive(p, lo, ld, hit)) {
                    hit.instance = instance;
                    found = true;
                    if (anyHit) return true;
                }
            }
            node = links.x;
        } else {
            node = links.y;
        }
    }
    return found;
#endif
}

Hit newHit(float tMax) {
    Hit h;
    h.t = tMax;
    h.primitive = -1;
    h.instance = -1;
    h.uv = vec2(0.0);
    h.overflow = false;
    return h;
}
