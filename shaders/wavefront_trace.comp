// The wavefront frame's ray pass (wavefront.glsl): walks generation uGeneration's closest-hit rays
// and its shadow rays (any hit) in one dispatch, the closest-hit list's work groups first, and stores
// their results. Only the walk's registers are live, so the GPU keeps many work groups in flight, as
// in ray_bench.comp; the shadow rays' groups fill the GPU as the longest closest-hit walks end.
layout(local_size_x = WF_TRACE_GROUP) in;
#include "wavefront.glsl"

void main() {
    uint closest = counts[uGeneration * WF_KINDS + WF_CLOSEST];
    uint closestGroups = (closest + uint(WF_TRACE_GROUP) - 1u) / uint(WF_TRACE_GROUP);
    if (gl_WorkGroupID.x < closestGroups) {
        uint entry = gl_GlobalInvocationID.x;
        if (entry < closest) traceClosestRay(lists[listBase(uGeneration, WF_CLOSEST) + int(entry)]);
    } else {
        uint entry = (gl_WorkGroupID.x - closestGroups) * uint(WF_TRACE_GROUP) + gl_LocalInvocationID.x;
        if (entry < counts[uGeneration * WF_KINDS + WF_SHADOW]) traceShadowRay(lists[listBase(uGeneration, WF_SHADOW) + int(entry)]);
    }
}
