// Rays through a voxel space's portals (org.drtstudio.render.gl.GlPortalRays): the tracer test's
// and the voxel benchmark's kernel. Each ray is two vec4s (origin, tMax; direction, 0). With
// uShadowLights > 0, each hit also sends one shadow ray to each of the first uShadowLights of
// uLights (the paper's setup: 1 primary + 2 shadow rays a pixel).
// Result per ray: (t or -1 for a miss, palette index, div steps of all its rays, shadow rays blocked).
layout(local_size_x = 64) in;
#define INFINITY uintBitsToFloat(0x7F800000u)
#include "voxel_portals.glsl"

layout(std430, binding = VX_BINDING_RAYS) readonly buffer Rays { vec4 rays[]; };
layout(std430, binding = VX_BINDING_RESULTS) writeonly buffer Results { vec4 results[]; };
uniform vec3 uVoxelSize;   // cells per axis (integers)
uniform vec3 uVoxelOrigin; // the grid's low corner in the space's coordinates (integers)
uniform int uRayCount;
uniform int uShadowLights;
uniform vec3 uLights[2];

void main() {
    int i = int(gl_GlobalInvocationID.x);
    if (i >= uRayCount) return;
    vec4 a = rays[2 * i], b = rays[2 * i + 1];
    VxGrid grid = VxGrid(uVoxelSize, uVoxelOrigin, 0, 0, 0);
    PortalHit h;
    bool hit = portalClosest(grid, a.xyz, b.xyz, a.w, h);
    int steps = h.steps;
    float blocked = 0.0;
    if (hit) {
        vec3 n = vec3(0.0);
        n[h.axis] = h.normalSign;
        vec3 p = a.xyz + h.t * b.xyz + n * VX_SHADOW_OFFSET;
        for (int l = 0; l < uShadowLights; l++) {
            vec3 toLight = uLights[l] - p;
            float dist = length(toLight);
            PortalHit s;
            if (portalClosest(grid, p, toLight / dist, dist, s)) blocked += 1.0;
            steps += s.steps;
        }
    }
    results[i] = vec4(hit ? h.t : -1.0, float(hit ? h.palette : 0), float(steps), blocked);
}
