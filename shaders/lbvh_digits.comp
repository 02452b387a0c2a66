// The linear BVH build's sort, one pass of LBVH_RADIX_BITS (2) bits from uShift: each key's digit
// as a one-hot uvec4, which lbvh_scan.comp turns into each key's rank among the keys of its digit.
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_LBVH_KEYS) readonly buffer Keys { uint keys[]; };
layout(std430, binding = DRT_BINDING_LBVH_DIGITS) writeonly buffer Digits { uvec4 digits[]; };
uniform uint uCount;
uniform uint uShift;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= uCount) return;
    uint d = keys[i] >> uShift & 3u;
    digits[i] = uvec4(d == 0u, d == 1u, d == 2u, d == 3u);
}
