// Shared by the linear BVH build's kernels (GlLinearBvhBuilder; twin accel.LinearBvhTwin): the
// mesh, a triangle's centroid and padded box, computed with the twin's operations in its order
// (`precise`: no fused multiply-adds the Java side does not make).
layout(std430, binding = DRT_BINDING_LBVH_POSITIONS) readonly buffer Positions { float positions[]; };
layout(std430, binding = DRT_BINDING_LBVH_INDICES) readonly buffer Indices { int indices[]; };

vec3 corner(uint t, int k) {
    int o = 3 * indices[3 * t + uint(k)];
    return vec3(positions[o], positions[o + 1], positions[o + 2]);
}

vec3 centreOf(uint t) {
    vec3 a = corner(t, 0), b = corner(t, 1), c = corner(t, 2);
    precise vec3 sum = min(a, min(b, c)) + max(a, max(b, c));
    precise vec3 half_sum = 0.5 * sum;
    return half_sum;
}

// Triangle t's box, padded as accel.BoxTree.pad pads leaf boxes.
void triangleBox(uint t, out vec3 lo, out vec3 hi) {
    vec3 a = corner(t, 0), b = corner(t, 1), c = corner(t, 2);
    lo = min(a, min(b, c));
    hi = max(a, max(b, c));
    precise vec3 size = hi - lo;
    float extent = max(0.0, max(size.x, max(size.y, size.z)));
    vec3 far3 = max(abs(lo), abs(hi));
    float far = max(0.0, max(far3.x, max(far3.y, far3.z)));
    precise float pad = 1e-5 * extent + 4e-7 * far;
    precise vec3 padLo = lo - vec3(pad), padHi = hi + vec3(pad);
    lo = padLo;
    hi = padHi;
}
