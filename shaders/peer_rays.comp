// The peers' rays on the GPU tracer (org.drtstudio.render.gl.GlPeerRays, drt bench --suite rays
// --backend gpu): rays made on the host in double precision as embree-oracle makes them, read from
// storage buffers, so both tracers trace the very same rays. PEER_MODE 0: from uOrigin along each
// primary direction, closest hit; writes the distance (+Inf for a miss). PEER_MODE 1: each shadow
// ray (origin, then direction and its length), any hit; writes 1 when blocked. uOrigin: the eye.
// Invocations are laid
// out uWidth wide, one ray each.
layout(local_size_x = 8, local_size_y = 8) in;
#include "random.glsl"
#include "whitted.glsl"

layout(std430, binding = PR_RAYS_BINDING) readonly buffer PeerRays { float rays[]; };
layout(std430, binding = PR_RESULTS_BINDING) writeonly buffer PeerResults { float results[]; };

uniform vec3 uOrigin;
uniform int uWidth;
uniform int uRayCount;

void main() {
    int i = int(gl_GlobalInvocationID.y) * uWidth + int(gl_GlobalInvocationID.x);
    if (int(gl_GlobalInvocationID.x) >= uWidth || i >= uRayCount) return;
#if PEER_MODE == 0
    vec3 d = vec3(rays[3 * i], rays[3 * i + 1], rays[3 * i + 2]);
    Hit h = newHit(INFINITY);
    results[i] = traverse(uOrigin, d, 0.0, h, false) ? h.t : INFINITY;
#else
    vec3 o = vec3(rays[7 * i], rays[7 * i + 1], rays[7 * i + 2]);
    vec3 d = vec3(rays[7 * i + 3], rays[7 * i + 4], rays[7 * i + 5]);
    Hit s = newHit(rays[7 * i + 6]);
    results[i] = traverse(o, d, 0.0, s, true) ? 1.0 : 0.0;
#endif
}
