// The surface at a hit: world-space geometric normal ng, shading normal n (interpolated, then tilted
// by the material's bump map; both unit, not yet turned toward the ray) and texture coordinates uv
// (zero for untextured materials, whose shading never reads them). Twin of WhittedIntegrator.surfaceNormals.
#include "texture.glsl"

// Texture coordinates at the hit into uv and the object-space shading normal n tilted by the bump
// map, for a material with textures (maps: its HAS_* bits); ngObject is the object-space geometric
// normal (for spheres, the hit point minus the centre).
vec3 texturedNormal(Hit hit, int mat, int maps, vec4 t1, vec3 ngObject, vec3 n, out vec2 uv) {
    bool bumped = (maps & GI_HAS_BUMP_MAP) != 0;
    vec3 dpdu = vec3(0.0);
    vec3 dpdv = vec3(0.0);
    if (floatBitsToInt(primitiveTexel(hit.primitive, 0).w) == GI_KIND_TRIANGLE) {
        vec2 uv0, uv1, uv2;
        uv = triangleTexCoords(hit.primitive, hit.uv, uv0, uv1, uv2);
        if (bumped) triangleFrame(t1.xyz, primitiveTexel(hit.primitive, 2).xyz, uv0, uv1, uv2, dpdu, dpdv);
    } else {
        vec3 d = ngObject * (1.0 / sqrt(dot(ngObject, ngObject)));
        uv = sphereTexCoords(d);
        if (bumped) sphereFrame(d, t1.x, dpdu, dpdv);
    }
    if (!bumped) return n;
    float lo = 1.0 / sqrt(dot(n, n));
    if (!(lo > 0.0) || isinf(lo) || isnan(lo)) return n;
    return bumpNormal(mat, uv, n * lo, dpdu, dpdv);
}

void surfaceNormals(Hit hit, vec3 p, float time, out vec3 ng, out vec3 n, out vec2 uv) {
    vec4 t0 = primitiveTexel(hit.primitive, 0);
    vec4 t1 = primitiveTexel(hit.primitive, 1);
    vec4 r0, r1, r2;
    instanceRows(hit.instance, time, r0, r1, r2);
    if (floatBitsToInt(t0.w) == GI_KIND_TRIANGLE) {
        vec3 e2 = primitiveTexel(hit.primitive, 2).xyz;
        ng = cross(t1.xyz, e2);
        float w0 = 1.0 - hit.uv.x - hit.uv.y;
        n = w0 * normalTexel(hit.primitive, 0).xyz + hit.uv.x * normalTexel(hit.primitive, 1).xyz
            + hit.uv.y * normalTexel(hit.primitive, 2).xyz;
    } else {
        // The object-space hit point, from the world point through the instance's inverse.
        ng = vec3(dot(r0, vec4(p, 1.0)), dot(r1, vec4(p, 1.0)), dot(r2, vec4(p, 1.0))) - t0.xyz;
        n = ng;
    }
    uv = vec2(0.0);
    if (TEXTURED) {
        int mat = floatBitsToInt(t1.w);
        int maps = floatBitsToInt(materialTexel(mat, 4).z);  // which texture references are set (GI_HAS_*)
        if (maps != 0) n = texturedNormal(hit, mat, maps, t1, ng, n, uv);
    }
    ng = toWorldNormal(r0, r1, r2, ng);
    ng *= 1.0 / sqrt(dot(ng, ng));
    n = toWorldNormal(r0, r1, r2, n);
    float ln = 1.0 / sqrt(dot(n, n));
    if (ln > 0.0 && !isinf(ln) && !isnan(ln)) n *= ln; else n = ng;
}
