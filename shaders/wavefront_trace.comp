// The wavefront frame's ray pass (wavefront.glsl): walks the rays in generation uGeneration's list
// of kind WF_KIND (slots' closest-hit rays, or shadow rays with any hit) and stores their results.
// Only the walk's registers are live, so the GPU keeps many work groups in flight, as in ray_bench.comp.
layout(local_size_x = WF_GROUP) in;
#include "wavefront.glsl"

void main() {
    uint entry = gl_GlobalInvocationID.x;
    if (entry >= counts[uGeneration * 2 + WF_KIND]) return;
    int ray = lists[listBase(uGeneration, WF_KIND) + int(entry)];
#if WF_KIND == WF_CLOSEST
    vec4 originTMax = rays[ray].originTMax;
    vec4 directionTime = rays[ray].directionTime;
    Hit hit = newHit(originTMax.w);
    bool found = originTMax.w > 0.0 && traverse(originTMax.xyz, directionTime.xyz, directionTime.w, hit, false);
    rays[ray].hitTUv = vec4(hit.t, hit.uv, 0.0);
    rays[ray].hitIds = ivec4(hit.primitive, hit.instance, hit.overflow ? 1 : 0, found ? 1 : 0);
#else
    vec4 originTMax = shadows[ray].originTMax;
    vec4 directionTime = shadows[ray].directionTime;
    Hit hit = newHit(originTMax.w);
    bool blocked = traverse(originTMax.xyz, directionTime.xyz, directionTime.w, hit, true);
    shadows[ray].result = ivec4(blocked ? 1 : 0, hit.overflow ? 1 : 0, 0, 0);
#endif
}
