// The linear BVH build, step 4: Karras (2012), Figure 4, one invocation per inner node i of the
// binary radix tree over the sorted codes: its range's direction and far end, the split, its two
// links in the box layout's words (an inner node's index, or a one-triangle leaf), each child's
// parent for the bottom-up pass, and the range's slots (LinearBvh.SubtreeSizes: its leaves and first
// slot, what the height limit would otherwise walk the tree for). Twin: accel.RadixTree, LinearBvhTwin.
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_LBVH_KEYS) readonly buffer Keys { uint keys[]; };
layout(std430, binding = DRT_BINDING_LBVH_NODES) writeonly buffer Nodes { vec4 nodes[]; };
// parents[inner node] and parents[uCount - 1 + slot] for the leaves
layout(std430, binding = DRT_BINDING_LBVH_PARENTS) writeonly buffer Parents { int parents[]; };
layout(std430, binding = DRT_BINDING_LBVH_LEAVES) writeonly buffer Leaves { int leaves[]; };
layout(std430, binding = DRT_BINDING_LBVH_FIRST_SLOTS) writeonly buffer FirstSlots { int firstSlots[]; };
uniform int uCount;

// The common prefix of keys i and j, equal keys told apart by slot; -1 outside.
int prefix(int i, int j) {
    if (j < 0 || j >= uCount) return -1;
    uint a = keys[i], b = keys[j];
    return a == b ? 32 + (31 - findMSB(uint(i ^ j))) : 31 - findMSB(a ^ b);
}

int leafLink(int slot) {
    return ~(slot << BL_LEAF_COUNT_BITS | 1);
}

void main() {
    int i = int(gl_GlobalInvocationID.x);
    if (i >= uCount - 1) return;
    int d = prefix(i, i + 1) - prefix(i, i - 1) > 0 ? 1 : -1;
    int minPrefix = prefix(i, i - d);
    int lengthBound = 2;
    while (prefix(i, i + lengthBound * d) > minPrefix) lengthBound *= 2;
    int len = 0;
    for (int t = lengthBound / 2; t >= 1; t /= 2) if (prefix(i, i + (len + t) * d) > minPrefix) len += t;
    int j = i + len * d;
    int nodePrefix = prefix(i, j);
    int split = 0, divisor = 2, t;
    do {
        t = (len + divisor - 1) / divisor;
        if (prefix(i, i + (split + t) * d) > nodePrefix) split += t;
        divisor *= 2;
    } while (t > 1);
    int gamma = i + split * d + min(d, 0);
    bool leftLeaf = min(i, j) == gamma, rightLeaf = max(i, j) == gamma + 1;
    int o = BL_NODE_TEXELS * i;
    nodes[o + BL_CHILD_A_LO] = vec4(0.0, 0.0, 0.0, intBitsToFloat(leftLeaf ? leafLink(gamma) : gamma));
    nodes[o + BL_CHILD_A_HI] = vec4(0.0, 0.0, 0.0, intBitsToFloat(rightLeaf ? leafLink(gamma + 1) : gamma + 1));
    nodes[o + BL_CHILD_B_LO] = vec4(0.0);
    nodes[o + BL_CHILD_B_HI] = vec4(0.0);
    leaves[i] = len + 1;
    firstSlots[i] = min(i, j);
    parents[leftLeaf ? uCount - 1 + gamma : gamma] = i;
    parents[rightLeaf ? uCount + gamma : gamma + 1] = i;
    if (i == 0) parents[0] = -1;
}
