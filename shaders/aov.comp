// The guide pass: the guides (GuideSums' layout, shaders/guide.glsl: the ends of their guide chains) of each pixel's camera samples
// from its first one the trace passes did not sum (uFromSampleState: the pixel's sample count in
// uSampleState; else 0) up to uGuideEnd, written as sums to uExtraAlbedoHits and uExtraNormalDepth.
// GlRenderer adds them to the trace passes' sums, so a render's guides average at least
// uGuideEnd = DenoiseInput.guideSamples(spp) camera samples (the very rays of its radiance samples
// and the next ones: filtered position, lens point, time; the pixel centre with one sample per
// pixel) while the trace passes' own samples cost nothing. Twin of CpuRenderer's extraGuideSums.
// The work group BoxLayout chose for the walk's stacks in shared memory (BL_GROUP_INVOCATIONS invocations).
layout(local_size_x = BL_GROUP_WIDTH, local_size_y = BL_GROUP_HEIGHT) in;
#include "random.glsl"
#include "guide.glsl"
#include "camera.glsl"
#include "camera_samples.glsl"

layout(binding = 1, r32f) uniform readonly image2D uSampleState;
layout(binding = 3, rgba32f) uniform writeonly image2D uExtraAlbedoHits;
layout(binding = 4, rgba32f) uniform writeonly image2D uExtraNormalDepth;
uniform ivec2 uTileOffset;
uniform int uGuideEnd;
uniform bool uFromSampleState;

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    int start = uFromSampleState ? int(abs(imageLoad(uSampleState, pixel).r)) : 0;
    vec4 albedoHits = vec4(0.0), normalDepth = vec4(0.0);
    for (int s = start; s < uGuideEnd; s++) {
        vec3 origin, d;
        float time = sampleCameraRay(pixel, pixelIndex, s, origin, d);
        Hit hit = newHit(INFINITY);
        if (!traverse(origin, d, time, hit, false)) continue;
        vec3 normal, albedo;
        chainGuide(origin, d, time, hit, normal, albedo);
        albedoHits += vec4(albedo, 1.0);
        normalDepth += vec4(normal, hit.t);
    }
    imageStore(uExtraAlbedoHits, pixel, albedoHits);
    imageStore(uExtraNormalDepth, pixel, normalDepth);
}
