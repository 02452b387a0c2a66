// Ray-throughput kernels of drt bench (org.drtstudio.render.gl.RayThroughput): one ray type per
// dispatch, so each is timed on its own, and one program per ray type (RAY_MODE, a #define), so
// each holds only the registers its own path needs, as the passes of a wavefront tracer would.
// RAY_MODE 0, primary: the pinhole ray through each pixel
// centre, closest hit; stores the hit point and the geometric normal facing the ray.
// RAY_MODE 1, shadow: from each stored hit point, one any-hit ray per light toward a point drawn on
// the light (as the renderer aims its shadow rays). RAY_MODE 2, glossy: from each stored hit point, one
// closest-hit ray in a direction drawn from the Phong lobe (exponent uGlossyExponent) around the
// mirror direction. Rays the renderer would not launch (light behind the surface, lobe sample
// below it) are not launched. With uCount set every launched ray (and primary hit) is counted;
// timed runs leave it off so atomics do not disturb the figure.
layout(local_size_x = 8, local_size_y = 8) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"

layout(binding = DRT_BINDING_BENCH_HIT_POINT, rgba32f) uniform image2D uHitPoint;   // xyz hit point, w 1 for a hit, 0 for a miss
layout(binding = DRT_BINDING_BENCH_HIT_NORMAL, rgba32f) uniform image2D uHitNormal;  // xyz unit geometric normal facing the primary ray
layout(binding = DRT_BINDING_BENCH_OUT, r32f) uniform writeonly image2D uOut; // a per-pixel result, so no work is optimised away
layout(std430, binding = DRT_BINDING_BENCH_COUNTERS) buffer Counters { uint rayCount; uint hitCount; };

uniform bool uCount;
uniform float uGlossyExponent;

void countRay(bool hit) {
    if (!uCount) return;
    atomicAdd(rayCount, 1u);
    if (hit) atomicAdd(hitCount, 1u);
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    vec3 d = primaryDirection(vec2(pixel) + vec2(0.5));
#if RAY_MODE == 0
    {
        Hit h = newHit(INFINITY);
        bool found = traverse(uEye, d, 0.0, h, false);
        countRay(found);
        vec4 point = vec4(0.0);
        vec4 normal = vec4(0.0);
        if (found) {
            vec3 p = uEye + h.t * d;
            vec3 ng;
            vec3 n;
            vec2 uv;
            surfaceNormals(h, p, 0.0, ng, n, uv);
            if (dot(ng, d) > 0.0) ng = -ng;
            point = vec4(p, 1.0);
            normal = vec4(ng, 0.0);
        }
        imageStore(uHitPoint, pixel, point);
        imageStore(uHitNormal, pixel, normal);
    }
#else
    vec4 point = imageLoad(uHitPoint, pixel);
    if (point.w == 0.0) {
        imageStore(uOut, pixel, vec4(0.0));
        return;
    }
    vec3 ng = imageLoad(uHitNormal, pixel).xyz;
    vec3 so = point.xyz + ng * uRayEpsilon;
    float result = 0.0;
#if RAY_MODE == 1
    {
        for (int l = 0; l < uLightCount; l++) {
            vec3 toLight = samplePointOnLight(l, so, pixelIndex, 0u, segmentDimension(0, SLOT_LIGHTS + 2 * l)) - so;
            float dist = sqrt(dot(toLight, toLight));
            if (!(dist > 0.0)) continue;
            vec3 L = toLight * (1.0 / dist);
            if (dot(ng, L) <= 0.0) continue;
            Hit s = newHit(dist);
            bool blocked = traverse(so, L, 0.0, s, true);
            countRay(blocked);
            if (blocked) result += 1.0;
        }
    }
#else
    {
        vec3 mirrored = d - 2.0 * dot(d, ng) * ng;
        vec3 dir;
        if (sampleLobe(mirrored, uGlossyExponent, pixelIndex, 0u, segmentDimension(0, SLOT_GLOSSY), ng, dir)) {
            Hit g = newHit(INFINITY);
            bool found = traverse(so, dir, 0.0, g, false);
            countRay(found);
            if (found) result = g.t;
        }
    }
#endif
    imageStore(uOut, pixel, vec4(result));
#endif
}
