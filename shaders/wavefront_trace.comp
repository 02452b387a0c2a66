// The wavefront frame's ray pass (wavefront.glsl): walks the rays in generation uGeneration's list
// of kind WF_KIND (slots' closest-hit rays, or shadow rays with any hit) and stores their results.
// Only the walk's registers are live, so the GPU keeps many work groups in flight, as in ray_bench.comp.
layout(local_size_x = WF_GROUP) in;
#include "wavefront.glsl"

void main() {
    uint entry = gl_GlobalInvocationID.x;
    if (entry >= counts[uGeneration * WF_KINDS + WF_KIND]) return;
    int ray = lists[listBase(uGeneration, WF_KIND) + int(entry)];
#if WF_KIND == WF_CLOSEST
    traceClosestRay(ray);
#else
    traceShadowRay(ray);
#endif
}
