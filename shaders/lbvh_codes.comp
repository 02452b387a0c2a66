// The linear BVH build, step 2: each triangle's Morton code (LBVH_BITS bits per axis of its centroid
// in the centroids' bounds, interleaved x lowest) and its index, the sort's keys and values.
#include "lbvh.glsl"
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_LBVH_KEYS) writeonly buffer Keys { uint keys[]; };
layout(std430, binding = DRT_BINDING_LBVH_VALUES) writeonly buffer Values { uint values[]; };
uniform uint uCount;
uniform vec3 uMin;
uniform vec3 uScale;

uint quantize(float v, float lo, float scale) {
    precise float offset = v - lo;
    precise float cells = offset * scale;
    return min(uint(max(cells, 0.0)), (1u << LBVH_BITS) - 1u);
}

uint spread(uint v) {
    v = (v | v << 16) & 0x030000FFu;
    v = (v | v << 8) & 0x0300F00Fu;
    v = (v | v << 4) & 0x030C30C3u;
    return (v | v << 2) & 0x09249249u;
}

void main() {
    uint t = gl_GlobalInvocationID.x;
    if (t >= uCount) return;
    vec3 c = centreOf(t);
    keys[t] = spread(quantize(c.x, uMin.x, uScale.x)) | spread(quantize(c.y, uMin.y, uScale.y)) << 1
            | spread(quantize(c.z, uMin.z, uScale.z)) << 2;
    values[t] = t;
}
