// Accumulated radiance to displayable 8-bit sRGB; twin of org.drtstudio.render.ToneMapper.
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = DRT_BINDING_ACCUMULATION, rgba32f) uniform readonly image2D uAccumulation;
layout(binding = DRT_BINDING_DISPLAY, rgba8) uniform writeonly image2D uDisplay;
// Samples per pixel, negated once converged (adaptive sampling): each pixel divides by its own count.
layout(binding = DRT_BINDING_RESOLVE_SAMPLE_STATE, r32f) uniform readonly image2D uSampleState;
uniform ivec2 uImageSize;
uniform float uSampleCount;
uniform float uInverseSampleCount;

float srgbEncode(float linear) {
    float c = isnan(linear) ? 0.0 : clamp(linear, 0.0, 1.0);
    return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    float n = abs(imageLoad(uSampleState, pixel).r);
    // Pixels that took every sample use the host's 1/n (as before adaptive sampling), so they match the CPU twin exactly.
    vec3 radiance = imageLoad(uAccumulation, pixel).rgb * (n == uSampleCount ? uInverseSampleCount : 1.0 / n);
    imageStore(uDisplay, pixel, vec4(srgbEncode(radiance.r), srgbEncode(radiance.g), srgbEncode(radiance.b), 1.0));
}
