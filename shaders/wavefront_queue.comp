// One invocation between steps of the wavefront frame (wavefront.glsl): the dispatch sizes of
// generation uGeneration's lists (each kind's, and both kinds' in one trace dispatch, WF_BOTH), and the
// next generation's lists emptied for the shade pass to fill.
layout(local_size_x = 1) in;
#include "wavefront.glsl"

void main() {
    uint both = 0u;
    for (int kind = 0; kind < WF_KINDS; kind++) {
        uint count = counts[uGeneration * WF_KINDS + kind];
        args[kind * WF_ARGS_PER_KIND] = (count + uint(WF_GROUP) - 1u) / uint(WF_GROUP);
        args[kind * WF_ARGS_PER_KIND + 1] = 1u;
        args[kind * WF_ARGS_PER_KIND + 2] = 1u;
        counts[(1 - uGeneration) * WF_KINDS + kind] = 0u;
        both += (count + uint(WF_TRACE_GROUP) - 1u) / uint(WF_TRACE_GROUP);
    }
    args[WF_BOTH * WF_ARGS_PER_KIND] = both;
    args[WF_BOTH * WF_ARGS_PER_KIND + 1] = 1u;
    args[WF_BOTH * WF_ARGS_PER_KIND + 2] = 1u;
}
