// The linear BVH build, step 5: boxes bottom-up. One invocation per leaf writes its triangle's
// padded box into its parent's side; the second of a node's two children to arrive (a counter per
// node) writes the node's box, the union of both sides, into the node's parent, and so on to the
// root. Each node's height (inner nodes to its deepest leaf) goes up the same way.
#include "lbvh.glsl"
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_LBVH_VALUES) readonly buffer Order { uint order[]; };
layout(std430, binding = DRT_BINDING_LBVH_NODES) coherent buffer Nodes { vec4 nodes[]; };
layout(std430, binding = DRT_BINDING_LBVH_PARENTS) readonly buffer Parents { int parents[]; };
layout(std430, binding = DRT_BINDING_LBVH_VISITS) coherent buffer Visits { uint visits[]; };
layout(std430, binding = DRT_BINDING_LBVH_HEIGHTS) coherent buffer Heights { uint heights[]; };
uniform int uCount;

int childHeight(int link) {
    return link < 0 ? 0 : int(heights[link]);
}

void main() {
    int slot = int(gl_GlobalInvocationID.x);
    if (slot >= uCount) return;
    vec3 lo, hi;
    triangleBox(order[slot], lo, hi);
    int child = ~(slot << BL_LEAF_COUNT_BITS | 1);
    int node = parents[uCount - 1 + slot];
    while (node >= 0) {
        int o = BL_NODE_TEXELS * node;
        int linkA = floatBitsToInt(nodes[o + BL_CHILD_A_LO].w), linkB = floatBitsToInt(nodes[o + BL_CHILD_A_HI].w);
        if (linkA == child) {
            nodes[o + BL_CHILD_A_LO].xyz = lo;
            nodes[o + BL_CHILD_A_HI].xyz = hi;
        } else {
            nodes[o + BL_CHILD_B_LO].xyz = lo;
            nodes[o + BL_CHILD_B_HI].xyz = hi;
        }
        memoryBarrierBuffer();
        if (atomicAdd(visits[node], 1u) == 0u) return; // the other side finishes this node
        memoryBarrierBuffer();
        lo = min(nodes[o + BL_CHILD_A_LO].xyz, nodes[o + BL_CHILD_B_LO].xyz);
        hi = max(nodes[o + BL_CHILD_A_HI].xyz, nodes[o + BL_CHILD_B_HI].xyz);
        heights[node] = uint(1 + max(childHeight(linkA), childHeight(linkB)));
        memoryBarrierBuffer();
        child = node;
        node = parents[node];
    }
}
