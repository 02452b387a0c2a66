// AOVs from the pixel-centre ray at shutter open: depth (distance from the eye to the first hit
// along the normalised ray, +Inf on a miss), the shading normal (bump-mapped) turned toward the eye
// (0 on a miss) and the diffuse albedo times the diffuse texture (0 on a miss). Twin of CpuRenderer's AOV pass.
layout(local_size_x = 8, local_size_y = 8) in;
#include "traverse.glsl"
#include "sampling.glsl"
#include "surface.glsl"
#include "camera.glsl"

layout(binding = 2, r32f) uniform writeonly image2D uDepth;
layout(binding = 3, rgba32f) uniform writeonly image2D uNormal;
layout(binding = 4, rgba32f) uniform writeonly image2D uAlbedo;
uniform ivec2 uTileOffset;

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    vec3 d = primaryDirection(vec2(pixel) + vec2(0.5));
    Hit hit = newHit(INFINITY);
    bool found = traverse(uEye, d, 0.0, hit, false);
    vec3 normal = vec3(0.0);
    vec3 albedo = vec3(0.0);
    if (found) {
        vec3 ng;
        vec2 uv;
        surfaceNormals(hit, uEye + hit.t * d, 0.0, ng, normal, uv);
        if (dot(ng, d) > 0.0) ng = -ng;
        if (dot(normal, ng) < 0.0) normal = -normal;
        int mat = primitiveMaterial(primitiveTexel(hit.primitive));
        vec3 texColor = vec3(1.0);
        if (TEXTURED) texColor = diffuseTexture(mat, uv);
        albedo = materialTexel(mat, GI_MATERIAL_DIFFUSE).xyz * texColor;
    }
    imageStore(uDepth, pixel, vec4(found ? hit.t : INFINITY));
    imageStore(uNormal, pixel, vec4(normal, 0.0));
    imageStore(uAlbedo, pixel, vec4(albedo, 0.0));
}
