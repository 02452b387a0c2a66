// The linear BVH build, step 1: the bounds of the triangles' centroids, as order-preserving uints
// (min xyz, max xyz) gathered in shared memory, then once per work group into uBounds.
#include "lbvh.glsl"
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_LBVH_BOUNDS) buffer Bounds { uint bounds[6]; };
uniform uint uCount;
shared uint groupBounds[6];

// Unsigned order equals float order: flip all bits of negatives, the sign bit of the rest.
uint ordered(float f) {
    uint u = floatBitsToUint(f);
    return (u & 0x80000000u) != 0u ? ~u : u | 0x80000000u;
}

void main() {
    uint t = gl_GlobalInvocationID.x, l = gl_LocalInvocationIndex;
    if (l < 3u) groupBounds[l] = 0xFFFFFFFFu;
    else if (l < 6u) groupBounds[l] = 0u;
    barrier();
    if (t < uCount) {
        vec3 c = centreOf(t);
        for (int a = 0; a < 3; a++) {
            atomicMin(groupBounds[a], ordered(c[a]));
            atomicMax(groupBounds[3 + a], ordered(c[a]));
        }
    }
    barrier();
    if (l < 3u) atomicMin(bounds[l], groupBounds[l]);
    else if (l < 6u) atomicMax(bounds[l], groupBounds[l]);
}
