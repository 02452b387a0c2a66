// The denoiser's guides summed by the trace pass over every camera sample it shades, so they cost
// no pass of their own: at the end of each camera ray's guide chain (whitted.glsl's ChainGuide), in
// GuideSums' layout (two RGBA32F images the size of the picture, added to pass after pass like the
// radiance): uGuideAlbedoHits = (sum of the chains' albedos, number of samples that hit),
// uGuideNormalDepth = (sum of their normals, sum of the first hits' distances). GuideSums.resolve
// turns them into the depth, normal and albedo AOVs. With them, the denoiser's split (DiffuseSplit's
// layout): uDiffuseSums = (sum of the camera samples' chain diffuse light, sum of its squared
// luminance), uOtherSquares = sum of the rest's squared luminance.
// Twin of CpuRenderer's guide sums; off (uGuides false) unless the render asked for them from sample 0.
#include "guide.glsl"

layout(binding = DRT_BINDING_GUIDE_ALBEDO_HITS, rgba32f) uniform image2D uGuideAlbedoHits;
layout(binding = DRT_BINDING_GUIDE_NORMAL_DEPTH, rgba32f) uniform image2D uGuideNormalDepth;
layout(binding = DRT_BINDING_DIFFUSE_SUMS, rgba32f) uniform image2D uDiffuseSums;
layout(binding = DRT_BINDING_OTHER_SQUARES, r32f) uniform image2D uOtherSquares;
uniform bool uGuides;

struct GuideSums {
    vec4 albedoHits;
    vec4 normalDepth;
    vec4 diffuse;
    float otherSquares;
};

GuideSums noGuideSums() {
    return GuideSums(vec4(0.0), vec4(0.0), vec4(0.0), 0.0);
}

// Adds a finished sample's split: of its colour c, `diffuse` is its guide chain's diffuse light.
void addSplitSample(vec3 c, vec3 diffuse, inout GuideSums sums) {
    vec3 other = c - diffuse;
    float d = 0.2126 * diffuse.r + 0.7152 * diffuse.g + 0.0722 * diffuse.b;
    float o = 0.2126 * other.r + 0.7152 * other.g + 0.0722 * other.b;
    sums.diffuse += vec4(diffuse, d * d);
    sums.otherSquares += o * o;
}

// Adds one camera sample's guides: its guide chain's normal and albedo, its first hit's distance
// (a miss adds nothing: black albedo, no normal or depth).
void addGuideSample(bool found, float distance, vec3 normal, vec3 albedo, inout GuideSums sums) {
    if (!found) return;
    sums.albedoHits += vec4(albedo, 1.0);
    sums.normalDepth += vec4(normal, distance);
}

// Adds a pass's sums to the pixel's (the first pass of a render starts them over).
void storeGuideSums(ivec2 pixel, bool firstPass, GuideSums sums) {
    vec4 albedoHits = sums.albedoHits, normalDepth = sums.normalDepth, diffuse = sums.diffuse;
    float otherSquares = sums.otherSquares;
    if (!firstPass) {
        albedoHits = imageLoad(uGuideAlbedoHits, pixel) + albedoHits;
        normalDepth = imageLoad(uGuideNormalDepth, pixel) + normalDepth;
        diffuse = imageLoad(uDiffuseSums, pixel) + diffuse;
        otherSquares = imageLoad(uOtherSquares, pixel).r + otherSquares;
    }
    imageStore(uGuideAlbedoHits, pixel, albedoHits);
    imageStore(uGuideNormalDepth, pixel, normalDepth);
    imageStore(uDiffuseSums, pixel, diffuse);
    imageStore(uOtherSquares, pixel, vec4(otherSquares));
}
