// The GL denoiser's work around denoise.comp, on buffers uploaded as the host holds its arrays (std430
// floats, 3 or 1 per pixel), so the host neither demodulates nor packs the pixels. Twin of
// NlmDenoiser.demodulate, DiffuseSplit's two inputs and the remodulation (same operations in the
// same order). One program, run once per stage (uStage):
//   GUIDES      normals and depth into uNormalDepth, the guide's albedo into uAlbedoImage;
//   PREPARE     the part being filtered (uPart: the whole radiance, the diffuse part scaled by the
//               guide's albedo over the own samples', or the rest), divided by max(albedo, uFloor),
//               and its variance over that albedo's luminance squared, into uPrepared;
//   BLUR        uPrepared's variance averaged 3x3 (the pixels inside the image) into uBlurred, the
//               irradiance copied: denoise.comp's input;
//   REMODULATE  denoise.comp's output times max(albedo, uFloor), into uResult or added to it.
#define STAGE_GUIDES 0
#define STAGE_PREPARE 1
#define STAGE_BLUR 2
#define STAGE_REMODULATE 3
#define PART_WHOLE 0
#define PART_DIFFUSE 1
#define PART_OTHER 2
layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, binding = DRT_BINDING_STAGE_RADIANCE) readonly buffer Radiance { float radiance[]; };
layout(std430, binding = DRT_BINDING_STAGE_PART_VARIANCE) readonly buffer PartVariance { float partVariance[]; };
layout(std430, binding = DRT_BINDING_STAGE_ALBEDO) readonly buffer Albedo { float albedo[]; };
layout(std430, binding = DRT_BINDING_STAGE_NORMALS) readonly buffer Normals { float normals[]; };
layout(std430, binding = DRT_BINDING_STAGE_DEPTH) readonly buffer Depth { float depth[]; };
layout(std430, binding = DRT_BINDING_STAGE_DIFFUSE) readonly buffer Diffuse { float diffuse[]; };
layout(std430, binding = DRT_BINDING_STAGE_OWN_ALBEDO) readonly buffer OwnAlbedo { float ownAlbedo[]; };
layout(std430, binding = DRT_BINDING_STAGE_RESULT) buffer Result { float result[]; };
layout(binding = DRT_BINDING_STAGE_PREPARED, rgba32f) uniform image2D uPrepared;
layout(binding = DRT_BINDING_STAGE_BLURRED, rgba32f) uniform writeonly image2D uBlurred;
layout(binding = DRT_BINDING_STAGE_NORMAL_DEPTH, rgba32f) uniform writeonly image2D uNormalDepth;
layout(binding = DRT_BINDING_STAGE_ALBEDO_IMAGE, rgba32f) uniform writeonly image2D uAlbedoImage;
layout(binding = DRT_BINDING_STAGE_FILTERED, rgba32f) uniform readonly image2D uFiltered;
uniform ivec2 uImageSize;
uniform int uStage;
uniform int uPart;
uniform float uFloor;
uniform bool uAccumulate;

vec3 at(int i, int which) {
    if (which == 0) return vec3(radiance[3 * i], radiance[3 * i + 1], radiance[3 * i + 2]);
    if (which == 1) return vec3(albedo[3 * i], albedo[3 * i + 1], albedo[3 * i + 2]);
    if (which == 2) return vec3(diffuse[3 * i], diffuse[3 * i + 1], diffuse[3 * i + 2]);
    return vec3(ownAlbedo[3 * i], ownAlbedo[3 * i + 1], ownAlbedo[3 * i + 2]);
}

float luminance(vec3 c) {
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= uImageSize.x || p.y >= uImageSize.y) return;
    int i = p.y * uImageSize.x + p.x;
    if (uStage == STAGE_GUIDES) {
        imageStore(uNormalDepth, p, vec4(normals[3 * i], normals[3 * i + 1], normals[3 * i + 2], depth[i]));
        imageStore(uAlbedoImage, p, vec4(at(i, 1), 0.0));
    } else if (uStage == STAGE_PREPARE) {
        vec3 m = max(at(i, 1), vec3(uFloor));
        vec3 value = at(i, 0);
        if (uPart == PART_DIFFUSE) value = at(i, 2) * m / max(at(i, 3), vec3(uFloor));
        if (uPart == PART_OTHER) value = at(i, 0) - at(i, 2);
        float l = luminance(m);
        imageStore(uPrepared, p, vec4(value / m, partVariance[i] / (l * l)));
    } else if (uStage == STAGE_BLUR) {
        float sum = 0.0;
        int count = 0;
        for (int qy = max(0, p.y - 1); qy <= min(uImageSize.y - 1, p.y + 1); qy++) {
            for (int qx = max(0, p.x - 1); qx <= min(uImageSize.x - 1, p.x + 1); qx++) {
                sum += imageLoad(uPrepared, ivec2(qx, qy)).a;
                count++;
            }
        }
        imageStore(uBlurred, p, vec4(imageLoad(uPrepared, p).rgb, sum / float(count)));
    } else {
        vec3 value = imageLoad(uFiltered, p).rgb * max(at(i, 1), vec3(uFloor));
        if (uAccumulate) value += vec3(result[3 * i], result[3 * i + 1], result[3 * i + 2]);
        result[3 * i] = value.r;
        result[3 * i + 1] = value.g;
        result[3 * i + 2] = value.b;
    }
}
