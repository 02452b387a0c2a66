// The guide pass: the guides (GuideSums' layout, shaders/guide.glsl: the ends of their guide chains) of each pixel's camera samples
// from its first one the trace passes did not sum (uFromSampleState: the pixel's sample count in
// uSampleState; else 0) up to uGuideEnd, added to the trace passes' sums (uOwnAlbedoHits and
// uOwnNormalDepth when they summed them, else 0) in uTotalAlbedoHits and uTotalNormalDepth, and the
// number of camera samples the pixel's guides then average to uGuideCounts; GlRenderer reads the
// totals back. With the trace passes' sums (uEdgesOnly) only pixels on an edge of
// the guides are topped up, to uGuideEnd = GuideEdges.samples(spp), and the others keep their own
// samples' guides; without them every pixel gets uGuideEnd = DenoiseInput.guideSamples(spp) (the
// very rays of its radiance samples and the next ones: filtered position, lens point, time; the
// pixel centre with one sample per pixel). Twin of CpuRenderer's extraGuideSums and GuideEdges.
// The work group BoxLayout chose for the walk's stacks in shared memory (BL_GROUP_INVOCATIONS invocations).
layout(local_size_x = BL_GROUP_WIDTH, local_size_y = BL_GROUP_HEIGHT) in;
#include "random.glsl"
#include "guide.glsl"
#include "camera.glsl"
#include "camera_samples.glsl"

layout(binding = DRT_BINDING_SAMPLE_STATE, r32f) uniform readonly image2D uSampleState;
layout(binding = DRT_BINDING_GUIDE_COUNTS, r32f) uniform image2D uGuideCounts;
layout(binding = DRT_BINDING_TOTAL_ALBEDO_HITS, rgba32f) uniform image2D uTotalAlbedoHits;
layout(binding = DRT_BINDING_TOTAL_NORMAL_DEPTH, rgba32f) uniform image2D uTotalNormalDepth;
layout(binding = DRT_BINDING_OWN_ALBEDO_HITS, rgba32f) uniform readonly image2D uOwnAlbedoHits;
layout(binding = DRT_BINDING_OWN_NORMAL_DEPTH, rgba32f) uniform readonly image2D uOwnNormalDepth;
uniform ivec2 uTileOffset;
uniform int uGuideEnd;
uniform bool uFromSampleState;
// Only pixels on an edge of the guides get samples up to uGuideEnd (GuideEdges); the trace passes'
// sums of the pixel's own samples are in uOwnAlbedoHits and uOwnNormalDepth.
uniform bool uEdgesOnly;
// The pass runs in dispatches: uChunk 0 decides the pixel's count (its probes) and stores it in
// uGuideCounts; uChunk k > 0 traces the pixel's top-up samples (k - 1) * uChunkSamples on, at most
// uChunkSamples of them, adding to the sums of those before (chunk 0 starts them at the trace
// passes' own sums). llvmpipe ends a shader's loops after
// 65,535 iterations in all, which a few dozen walks of a large mesh in one invocation reach (missed
// hits, GlCoarseImageTest).
uniform int uChunk;
uniform int uChunkSamples;

// Whether the guide of sample 0 of pixel q is unlike the pixel's own (albedo, unit normal, depth
// +Inf when none of its samples hit); twin of GuideEdges.differs.
bool probeDiffers(ivec2 q, vec3 albedo, vec3 normal, float depth) {
    vec3 origin, d;
    float time = sampleCameraRay(q, uint(q.y * uImageSize.x + q.x), 0, origin, d);
    Hit hit = newHit(INFINITY);
    bool probeHit = traverse(origin, d, time, hit, false);
    bool ownHit = !isinf(depth);
    if (ownHit != probeHit) return true;
    if (!ownHit) return false;
    vec3 n, a;
    chainGuide(origin, d, time, hit, n, a);
    vec3 da = abs(albedo - a);
    return max(da.x, max(da.y, da.z)) > GUIDE_EDGE_ALBEDO || dot(normal, n) < 1.0 - GUIDE_EDGE_NORMAL
        || abs(depth - hit.t) > GUIDE_EDGE_DEPTH * max(depth, hit.t);
}

// The probed neighbours, in GuideEdges' order (DX, DY).
const ivec2 PROBES[8] = ivec2[8](ivec2(-1, -1), ivec2(0, -1), ivec2(1, -1), ivec2(-1, 0), ivec2(1, 0),
                                 ivec2(-1, 1), ivec2(0, 1), ivec2(1, 1));

// Whether the pixel is on an edge of the guides: partly covered by its own `own` samples, or unlike
// the probe of a neighbour inside the image; twin of GuideEdges.onEdge.
bool onEdge(ivec2 pixel, float own) {
    vec4 ah = imageLoad(uOwnAlbedoHits, pixel), nd = imageLoad(uOwnNormalDepth, pixel);
    float hits = ah.w;
    if (hits > 0.0 && hits < own) return true;
    float inv = own > 0.0 ? 1.0 / own : 0.0;
    float len = sqrt(dot(nd.xyz, nd.xyz));
    vec3 albedo = ah.xyz * inv, normal = nd.xyz * (len > 0.0 ? 1.0 / len : 0.0);
    float depth = hits > 0.0 ? nd.w / hits : INFINITY;
    for (int k = 0; k < 8; k++) {
        ivec2 q = pixel + PROBES[k];
        if (q.x < 0 || q.y < 0 || q.x >= uImageSize.x || q.y >= uImageSize.y) continue;
        if (probeDiffers(q, albedo, normal, depth)) return true;
    }
    return false;
}

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    int start = uFromSampleState ? int(abs(imageLoad(uSampleState, pixel).r)) : 0;
    if (uChunk == 0) {
        int end = uGuideEnd;
        if (uEdgesOnly && start < end && !onEdge(pixel, float(start))) end = start;
        imageStore(uGuideCounts, pixel, vec4(float(max(start, end))));
        imageStore(uTotalAlbedoHits, pixel, uFromSampleState ? imageLoad(uOwnAlbedoHits, pixel) : vec4(0.0));
        imageStore(uTotalNormalDepth, pixel, uFromSampleState ? imageLoad(uOwnNormalDepth, pixel) : vec4(0.0));
        return;
    }
    int end = max(start, int(imageLoad(uGuideCounts, pixel).r));
    int from = start + (uChunk - 1) * uChunkSamples, to = min(end, from + uChunkSamples);
    if (from >= to) return;
    vec4 albedoHits = imageLoad(uTotalAlbedoHits, pixel), normalDepth = imageLoad(uTotalNormalDepth, pixel);
    for (int s = from; s < to; s++) {
        vec3 origin, d;
        float time = sampleCameraRay(pixel, pixelIndex, s, origin, d);
        Hit hit = newHit(INFINITY);
        if (!traverse(origin, d, time, hit, false)) continue;
        vec3 normal, albedo;
        chainGuide(origin, d, time, hit, normal, albedo);
        albedoHits += vec4(albedo, 1.0);
        normalDepth += vec4(normal, hit.t);
    }
    imageStore(uTotalAlbedoHits, pixel, albedoHits);
    imageStore(uTotalNormalDepth, pixel, normalDepth);
}
