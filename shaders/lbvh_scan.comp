// An exclusive prefix sum of uvec4s within blocks of LBVH_SCAN_BLOCK (512: two per invocation),
// in place; each block's total goes to uSums[block]. Run again over uSums until one block is left,
// then lbvh_scan_add.comp adds each block's prefix back, level by level.
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_LBVH_DIGITS) buffer Data { uvec4 data[]; };
layout(std430, binding = DRT_BINDING_LBVH_SCAN_SUMS) writeonly buffer Sums { uvec4 sums[]; };
uniform uint uCount;
shared uvec4 partial[256];

void main() {
    uint l = gl_LocalInvocationIndex, first = gl_WorkGroupID.x * uint(LBVH_SCAN_BLOCK) + 2u * l;
    uvec4 a = first < uCount ? data[first] : uvec4(0u);
    uvec4 b = first + 1u < uCount ? data[first + 1u] : uvec4(0u);
    partial[l] = a + b;
    barrier();
    // Hillis and Steele: after the step of offset k, each entry sums the 2k entries up to it.
    for (uint k = 1u; k < 256u; k <<= 1) {
        uvec4 before = l >= k ? partial[l - k] : uvec4(0u);
        barrier();
        partial[l] += before;
        barrier();
    }
    uvec4 prefix = partial[l] - a - b;
    if (first < uCount) data[first] = prefix;
    if (first + 1u < uCount) data[first + 1u] = prefix + a;
    if (l == 255u) sums[gl_WorkGroupID.x] = partial[l];
}
