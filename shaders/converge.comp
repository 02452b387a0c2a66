// Adaptive sampling: marks the active pixels whose relative standard error, and that of their eight
// neighbours, is under the threshold as converged (negates their sample state) and lists the pixels
// still active (y × width + x, in no particular order) for trace.comp's next passes. Twin of org.drtstudio.render.ConvergenceMask, bit for bit: the test has no division
// or square root, and `precise` keeps the compiler from fusing multiply-adds the Java side does not.
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = DRT_BINDING_ACCUMULATION, rgba32f) uniform readonly image2D uAccumulation;
// Samples per pixel, negative once converged. Neighbours are read while others flip their sign;
// the test reads magnitudes only, so the result does not depend on the order.
layout(binding = DRT_BINDING_SAMPLE_STATE, r32f) uniform coherent image2D uSampleState;
layout(std430, binding = DRT_BINDING_ACTIVE_PIXELS) buffer ActivePixels { uint activePixels; };
layout(std430, binding = DRT_BINDING_ACTIVE_LIST) writeonly buffer ActivePixelList { int activeList[]; };
uniform ivec2 uImageSize;
uniform float uThresholdSquared;
uniform float uMinSamples;
uniform float uLuminanceFloor;

bool under(ivec2 p) {
    vec4 acc = imageLoad(uAccumulation, p);
    precise float n = abs(imageLoad(uSampleState, p).r);
    precise float s = 0.2126 * acc.r + 0.7152 * acc.g + 0.0722 * acc.b;
    precise float spread = n * acc.a - s * s;
    precise float scale = s + uLuminanceFloor * n;
    precise float bound = uThresholdSquared * scale * scale * (n - 1.0);
    return spread <= bound;
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    float samples = imageLoad(uSampleState, pixel).r;
    if (samples < 0.0) return; // converged before: not listed
    bool stop = samples >= uMinSamples;
    for (int dy = -1; dy <= 1 && stop; dy++) {
        for (int dx = -1; dx <= 1 && stop; dx++) {
            ivec2 q = pixel + ivec2(dx, dy);
            if (q.x < 0 || q.y < 0 || q.x >= uImageSize.x || q.y >= uImageSize.y) continue;
            stop = under(q);
        }
    }
    if (stop) imageStore(uSampleState, pixel, vec4(-samples));
    else activeList[atomicAdd(activePixels, 1u)] = pixel.y * uImageSize.x + pixel.x;
}
