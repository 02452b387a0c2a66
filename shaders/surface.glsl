// The surface at a hit: world-space geometric normal ng and interpolated shading normal n (both
// unit, not yet turned toward the ray). Twin of WhittedIntegrator.surfaceNormals.
void surfaceNormals(Hit hit, vec3 p, float time, out vec3 ng, out vec3 n) {
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
    ng = toWorldNormal(r0, r1, r2, ng);
    ng *= 1.0 / sqrt(dot(ng, ng));
    n = toWorldNormal(r0, r1, r2, n);
    float ln = 1.0 / sqrt(dot(n, n));
    if (ln > 0.0 && !isinf(ln) && !isnan(ln)) n *= ln; else n = ng;
}
