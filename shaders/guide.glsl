// The denoiser's guides at one camera ray's first hit: the shading normal (bump-mapped) turned
// toward the ray, and the diffuse colour times the diffuse texture. Shared by trace.comp, which sums
// them over every camera sample it shades, and aov.comp, the separate guide pass; twin of
// WhittedIntegrator.firstHitGuide.
#include "traverse.glsl"
#include "surface.glsl"

void firstHitGuide(vec3 origin, vec3 d, float time, Hit hit, out vec3 normal, out vec3 albedo) {
    vec3 ng;
    vec2 uv;
    surfaceNormals(hit, origin + hit.t * d, time, ng, normal, uv);
    if (dot(ng, d) > 0.0) ng = -ng;
    if (dot(normal, ng) < 0.0) normal = -normal;
    int mat = primitiveMaterial(primitiveTexel(hit.primitive));
    vec3 texColor = vec3(1.0);
    if (TEXTURED) texColor = diffuseTexture(mat, uv);
    albedo = materialTexel(mat, GI_MATERIAL_DIFFUSE).xyz * texColor;
}
