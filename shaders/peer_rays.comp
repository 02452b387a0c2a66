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
    int r = PR_SHADOW_FLOATS * i, ro = r + PR_SHADOW_ORIGIN, rd = r + PR_SHADOW_DIRECTION;
    vec3 o = vec3(rays[ro], rays[ro + 1], rays[ro + 2]);
    vec3 d = vec3(rays[rd], rays[rd + 1], rays[rd + 2]);
    Hit s = newHit(rays[r + PR_SHADOW_LENGTH]);
    results[i] = traverse(o, d, 0.0, s, true) ? 1.0 : 0.0;
#endif
}
