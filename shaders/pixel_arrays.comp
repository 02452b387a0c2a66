// A pass's running sums resolved into the arrays a Frame holds, on the GPU, so that they are read
// back once as they are instead of as sums that per-pixel loops in Java then divide: a JVM's first
// denoised 1080p call spent most of its Java time in those loops (on many cores they start as
// profiling code whose counters all threads write). GlPixelArrays runs it; twins, to the
// floats' rounding: ConvergenceMask.sampleCounts, GlRenderer's radianceOf and varianceOf,
// DiffuseSplit.resolve, GuideSums.resolve.
//
// Outputs are R32F images whose texels are the Java arrays' elements in order: an array of three
// floats a pixel is an image 3 × width wide (pixel x's r, g, b at texels 3x, 3x + 1, 3x + 2).
// uStage picks what one dispatch makes (at most 8 images a dispatch, what every GL offers):
//   COUNTS_MEANS:   uSums (accumulation), uState → A radiance (3 wide), B variance, C sample counts
//   SPLIT_MEANS:    uState, uAlbedoHits (own), uFour (diffuse sums) → A diffuse (3 wide), B own albedo (3 wide)
//   SPLIT_VARIANCE: uSums, uState, uFour (diffuse sums), uOtherSquares → A diffuse variance, B other variance
//   GUIDES:         uState (the guides' sample counts), uAlbedoHits, uFour (normal and depth sums)
//                   → A depth, B normals (3 wide), C albedo (3 wide)
layout(local_size_x = 16, local_size_y = 16) in;
#define COUNTS_MEANS 0
#define SPLIT_MEANS 1
#define SPLIT_VARIANCE 2
#define GUIDES 3
#define INFINITY uintBitsToFloat(0x7F800000u)

layout(binding = DRT_BINDING_ARRAYS_SUMS, rgba32f) uniform readonly image2D uSums;
layout(binding = DRT_BINDING_ARRAYS_STATE, r32f) uniform readonly image2D uState;
layout(binding = DRT_BINDING_ARRAYS_ALBEDO_HITS, rgba32f) uniform readonly image2D uAlbedoHits;
layout(binding = DRT_BINDING_ARRAYS_FOUR, rgba32f) uniform readonly image2D uFour;
layout(binding = DRT_BINDING_ARRAYS_OTHER_SQUARES, r32f) uniform readonly image2D uOtherSquares;
layout(binding = DRT_BINDING_ARRAYS_OUT_A, r32f) uniform writeonly image2D uOutA;
layout(binding = DRT_BINDING_ARRAYS_OUT_B, r32f) uniform writeonly image2D uOutB;
layout(binding = DRT_BINDING_ARRAYS_OUT_C, r32f) uniform writeonly image2D uOutC;
uniform ivec2 uImageSize;
uniform int uStage;
uniform float uTotalSamples;

// Frame.luminance and Frame.meanVariance.
float luminance(vec3 c) {
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

float meanVariance(float sumLuminance, float sumSquares, int n) {
    float mean = sumLuminance / float(n);
    if (n < 2) return mean * mean;
    return max(0.0, (sumSquares / float(n) - mean * mean) * float(n) / float(n - 1)) / float(n);
}

#define STORE1(image, p, v) imageStore(image, p, vec4(v))
#define STORE3(image, p, v) { vec3 v3_ = (v); imageStore(image, ivec2(3 * (p).x, (p).y), vec4(v3_.x)); \
    imageStore(image, ivec2(3 * (p).x + 1, (p).y), vec4(v3_.y)); imageStore(image, ivec2(3 * (p).x + 2, (p).y), vec4(v3_.z)); }

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= uImageSize.x || p.y >= uImageSize.y) return;
    float samples = abs(imageLoad(uState, p).r); // negated once converged
    if (uStage == COUNTS_MEANS) {
        vec4 s = imageLoad(uSums, p);
        float pixelInv = samples == uTotalSamples ? 1.0 / uTotalSamples : 1.0 / samples;
        STORE3(uOutA, p, s.rgb * pixelInv);
        STORE1(uOutB, p, meanVariance(luminance(s.rgb), s.a, int(samples)));
        STORE1(uOutC, p, samples);
    } else if (uStage == SPLIT_MEANS) {
        int count = int(samples);
        float inv = count > 0 ? 1.0 / float(count) : 0.0;
        STORE3(uOutA, p, imageLoad(uFour, p).rgb * inv);
        STORE3(uOutB, p, imageLoad(uAlbedoHits, p).rgb * inv);
    } else if (uStage == SPLIT_VARIANCE) {
        int count = int(samples);
        float diffuseVariance = 0.0, otherVariance = 0.0;
        if (count > 0) {
            vec4 d = imageLoad(uFour, p);
            float diffuseLuminance = luminance(d.rgb);
            diffuseVariance = meanVariance(diffuseLuminance, d.a, count);
            otherVariance = meanVariance(luminance(imageLoad(uSums, p).rgb) - diffuseLuminance,
                                         imageLoad(uOtherSquares, p).r, count);
        }
        STORE1(uOutA, p, diffuseVariance);
        STORE1(uOutB, p, otherVariance);
    } else {
        vec4 ah = imageLoad(uAlbedoHits, p), nd = imageLoad(uFour, p);
        float hits = ah.w;
        STORE1(uOutA, p, hits == 0.0 ? INFINITY : nd.w / hits);
        float len = sqrt(dot(nd.xyz, nd.xyz));
        STORE3(uOutB, p, nd.xyz * (len > 0.0 ? 1.0 / len : 0.0));
        STORE3(uOutC, p, ah.rgb * (samples > 0.0 ? 1.0 / samples : 0.0));
    }
}
