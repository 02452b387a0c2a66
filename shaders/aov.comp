// Guide AOVs averaged over the pixel's camera samples 0 .. uGuideSamples - 1 (the very rays of its
// radiance samples: filtered position, lens point, time; the pixel centre with one sample per
// pixel), so depth of field and motion blur give smooth guides, not the noise of a few samples.
// Depth: mean distance from the ray origin to the first hit over the samples that hit (+Inf when
// none did); normal: normalised mean of the hits' shading normals (bump-mapped), each turned
// toward its ray (0 when none hit); albedo: mean diffuse colour times the diffuse texture, a miss
// counting as black. Twin of CpuRenderer's firstHitAovs.
// The work group BoxLayout chose for the walk's stacks in shared memory (BL_GROUP_INVOCATIONS invocations).
layout(local_size_x = BL_GROUP_WIDTH, local_size_y = BL_GROUP_HEIGHT) in;
#include "random.glsl"
#include "traverse.glsl"
#include "sampling.glsl"
#include "surface.glsl"
#include "camera.glsl"

layout(binding = 2, r32f) uniform writeonly image2D uDepth;
layout(binding = 3, rgba32f) uniform writeonly image2D uNormal;
layout(binding = 4, rgba32f) uniform writeonly image2D uAlbedo;
uniform ivec2 uTileOffset;
uniform int uGuideSamples;
uniform int uSamplesPerPixel;
uniform int uFilter;
uniform uint uSeed;
uniform bool uCameraMotion;

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    float depthSum = 0.0;
    vec3 normalSum = vec3(0.0);
    vec3 albedoSum = vec3(0.0);
    int hits = 0;
    for (int s = 0; s < uGuideSamples; s++) {
        uint si = uint(s);
        vec2 imagePoint = vec2(pixel) + vec2(0.5);
        if (uSamplesPerPixel > 1) {
            imagePoint += pixelOffset(uFilter, uniformSample(pixelIndex, si, DIM_PIXEL_X, uSeed),
                                      uniformSample(pixelIndex, si, DIM_PIXEL_Y, uSeed));
        }
        float time = uMotion || uCameraMotion ? uniformSample(pixelIndex, si, DIM_TIME, uSeed) : 0.0;
        vec3 origin, d;
        cameraRay(imagePoint, time, uniformSample(pixelIndex, si, DIM_LENS_U, uSeed),
                  uniformSample(pixelIndex, si, DIM_LENS_V, uSeed), origin, d);
        Hit hit = newHit(INFINITY);
        if (!traverse(origin, d, time, hit, false)) continue;
        vec3 ng;
        vec3 normal;
        vec2 uv;
        surfaceNormals(hit, origin + hit.t * d, time, ng, normal, uv);
        if (dot(ng, d) > 0.0) ng = -ng;
        if (dot(normal, ng) < 0.0) normal = -normal;
        int mat = primitiveMaterial(primitiveTexel(hit.primitive));
        vec3 texColor = vec3(1.0);
        if (TEXTURED) texColor = diffuseTexture(mat, uv);
        hits++;
        depthSum += hit.t;
        normalSum += normal;
        albedoSum += materialTexel(mat, GI_MATERIAL_DIFFUSE).xyz * texColor;
    }
    float normalLength = length(normalSum);
    imageStore(uDepth, pixel, vec4(hits == 0 ? INFINITY : depthSum / float(hits)));
    imageStore(uNormal, pixel, vec4(normalLength > 0.0 ? normalSum / normalLength : vec3(0.0), 0.0));
    imageStore(uAlbedo, pixel, vec4(albedoSum / float(uGuideSamples), 0.0));
}
