// The surface at a hit: world-space geometric normal ng, shading normal n (interpolated, then tilted
// by the material's bump map; both unit, not yet turned toward the ray) and texture coordinates uv
// (zero for untextured materials, whose shading never reads them). Twin of HitSurface.surfaceNormals.
#include "texture.glsl"

// Texture coordinates at the hit into uv and the object-space shading normal n tilted by the bump
// map, for a material with textures (maps: its HAS_* bits); ngObject is the object-space geometric
// normal (for spheres, the hit point minus the centre); e1, e2 are a triangle's edges, radius a sphere's.
vec3 texturedNormal(Hit hit, ivec4 prim, int mat, int maps, vec3 e1, vec3 e2, float radius, vec3 ngObject, vec3 n, out vec2 uv) {
    bool bumped = (maps & GI_HAS_BUMP_MAP) != 0;
    vec3 dpdu = vec3(0.0);
    vec3 dpdv = vec3(0.0);
    if (primitiveKind(prim) == GI_KIND_TRIANGLE) {
        vec2 uv0, uv1, uv2;
        uv = triangleTexCoords(prim, hit.uv, uv0, uv1, uv2);
        if (bumped) triangleFrame(e1, e2, uv0, uv1, uv2, dpdu, dpdv);
    } else {
        vec3 d = ngObject * (1.0 / sqrt(dot(ngObject, ngObject)));
        uv = sphereTexCoords(d);
        if (bumped) sphereFrame(d, radius, dpdu, dpdv);
    }
    if (!bumped) return n;
    float lo = 1.0 / sqrt(dot(n, n));
    if (!(lo > 0.0) || isinf(lo) || isnan(lo)) return n;
    return bumpNormal(mat, uv, n * lo, dpdu, dpdv);
}

void surfaceNormals(Hit hit, vec3 p, float time, out vec3 ng, out vec3 n, out vec2 uv) {
    ivec4 prim = primitiveTexel(hit.primitive);
    vec4 r0, r1, r2;
    instanceRows(hit.instance, time, r0, r1, r2);
    vec3 e1 = vec3(0.0), e2 = vec3(0.0);
    float radius = 0.0;
    if (primitiveKind(prim) == GI_KIND_TRIANGLE) {
        vec3 p0;
        triangleEdges(prim, p0, e1, e2);
        ng = cross(e1, e2);
        float w0 = 1.0 - hit.uv.x - hit.uv.y;
        n = w0 * vertexTexel(prim.x, GI_VERTEX_NORMAL).xyz + hit.uv.x * vertexTexel(prim.y, GI_VERTEX_NORMAL).xyz
            + hit.uv.y * vertexTexel(prim.z, GI_VERTEX_NORMAL).xyz;
    } else {
        vec4 sphere = vertexTexel(prim.x, GI_VERTEX_POSITION);
        radius = sphere.w;
        // The object-space hit point, from the world point through the instance's inverse.
        ng = vec3(dot(r0, vec4(p, 1.0)), dot(r1, vec4(p, 1.0)), dot(r2, vec4(p, 1.0))) - sphere.xyz;
        n = ng;
    }
    uv = vec2(0.0);
    if (TEXTURED) {
        int mat = primitiveMaterial(prim);
        int maps = floatBitsToInt(materialTexel(mat, GI_MATERIAL_LOBE).z);  // which texture references are set (GI_HAS_*)
        if (maps != 0) n = texturedNormal(hit, prim, mat, maps, e1, e2, radius, ng, n, uv);
    }
    ng = toWorldNormal(r0, r1, r2, ng);
    ng *= 1.0 / sqrt(dot(ng, ng));
    n = toWorldNormal(r0, r1, r2, n);
    float ln = 1.0 / sqrt(dot(n, n));
    if (ln > 0.0 && !isinf(ln) && !isnan(ln)) n *= ln; else n = ng;
}
