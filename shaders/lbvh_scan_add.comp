// Adds each block's prefix (the scanned block totals of lbvh_scan.comp's next level) to its entries.
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_LBVH_DIGITS) buffer Data { uvec4 data[]; };
layout(std430, binding = DRT_BINDING_LBVH_SCAN_SUMS) readonly buffer Sums { uvec4 sums[]; };
uniform uint uCount;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < uCount) data[i] += sums[i / uint(LBVH_SCAN_BLOCK)];
}
