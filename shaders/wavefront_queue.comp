// One invocation between steps of the wavefront frame (wavefront.glsl): the dispatch sizes of
// generation uGeneration's lists, and the next generation's lists emptied for the shade pass to fill.
layout(local_size_x = 1) in;
#include "wavefront.glsl"

void main() {
    for (int kind = 0; kind < 2; kind++) {
        args[kind * 3] = (counts[uGeneration * 2 + kind] + uint(WF_GROUP) - 1u) / uint(WF_GROUP);
        args[kind * 3 + 1] = 1u;
        args[kind * 3 + 2] = 1u;
        counts[(1 - uGeneration) * 2 + kind] = 0u;
    }
}
