// Whitted shading with an explicit ray stack; twin of org.drtstudio.render.cpu.WhittedIntegrator.
// Phong with ambient term and attenuation 1/(c1 + c2 r + c3 r^2), one shadow ray per light towards a
// sampled point of it (point, sphere or rectangle: hard or soft shadows), mirror or glossy reflection
// (a Phong lobe), sharp or rough refraction (Snell, Schlick's Fresnel, total internal reflection),
// Beer absorption; textures and bump maps through surface.glsl.
#include "traverse.glsl"
#include "sampling.glsl"
#include "surface.glsl"
#include "environment.glsl"

// STACK_SIZE (rays waiting per sample) comes from the host: RayStack.CAPACITY, the CPU twin's too;
// GLOSSY_SPLIT (rays a weighty rough branch sends at the camera ray's first hit) and GLOSSY_SPLIT_WEIGHT
// (the least weight split) from GlossySplit.

uniform vec3 uBackground;
uniform vec3 uAmbientLight;
uniform vec3 uAttenuation;
// 1: shadow rays only to the light nearest the shaded point (render.ShadowLights.NEAREST).
uniform int uNearestLightShadows;
uniform float uRayEpsilon;
uniform float uThroughputCutoff;
// Rays sent on from a later bounce and lighter than this play Russian roulette; 0: none do.
// ROULETTE (from Roulette.onGpu): whether the roulette is compiled in at all.
uniform float uRouletteWeight;
uniform int uMaxDepth;

struct PendingRay {
    vec3 origin;
    vec3 direction;
    vec3 throughput;
    int depth;
    bool chain;  // the ray carries its sample's guide chain on (chainBranch)
};

bool traversalOverflowed = false;

float maxComponent(vec3 v) { return max(v.x, max(v.y, v.z)); }

uniform uint uSeed;

// A point of light l: uniform over a rectangle; for a sphere uniform over its disk as seen from s
// (its silhouette); the centre for radius 0. Twin of LightPoints.sample.
vec3 samplePointOnLight(int l, vec3 s, uint pixel, uint sampleIndex, uint dimension) {
    vec4 l0 = lightTexel(l, GI_LIGHT_POSITION);
    if (floatBitsToInt(lightTexel(l, GI_LIGHT_COLOR).w) == GI_LIGHT_RECTANGLE) {
        float u = uniformSample(pixel, sampleIndex, dimension, uSeed) - 0.5;
        float v = uniformSample(pixel, sampleIndex, dimension + 1u, uSeed) - 0.5;
        return l0.xyz + u * lightTexel(l, GI_LIGHT_EDGE_U).xyz + v * lightTexel(l, GI_LIGHT_EDGE_V).xyz;
    }
    if (!(l0.w > 0.0)) return l0.xyz;
    vec3 axis = l0.xyz - s;
    float inv = 1.0 / sqrt(dot(axis, axis));
    if (isinf(inv) || isnan(inv)) return l0.xyz;
    axis *= inv;
    float sgn = axis.z >= 0.0 ? 1.0 : -1.0;
    float a = -1.0 / (sgn + axis.z);
    float b = axis.x * axis.y * a;
    vec3 t1 = vec3(1.0 + sgn * axis.x * axis.x * a, sgn * b, -sgn * axis.x);
    vec3 t2 = vec3(b, sgn + axis.y * axis.y * a, -axis.y);
    vec2 disk = concentricDisk(uniformSample(pixel, sampleIndex, dimension, uSeed),
                               uniformSample(pixel, sampleIndex, dimension + 1u, uSeed));
    return l0.xyz + l0.w * (disk.x * t1 + disk.y * t2);
}

// A direction from the Phong lobe cos^n around the unit axis; false when it falls on the wrong side
// of the surface with normal side. Twin of PhongLobe.glossy.
bool sampleLobe(vec3 axis, float n, uint pixel, uint sampleIndex, uint dimension, vec3 side, out vec3 dir) {
    float u = uniformSample(pixel, sampleIndex, dimension, uSeed);
    float v = uniformSample(pixel, sampleIndex, dimension + 1u, uSeed);
    float cosT = pow(u, 1.0 / (n + 1.0));
    float sinT = sqrt(max(0.0, 1.0 - cosT * cosT));
    float phi = 6.283185307 * v;
    float sgn = axis.z >= 0.0 ? 1.0 : -1.0;
    float a = -1.0 / (sgn + axis.z);
    float b = axis.x * axis.y * a;
    vec3 t1 = vec3(1.0 + sgn * axis.x * axis.x * a, sgn * b, -sgn * axis.x);
    vec3 t2 = vec3(b, sgn + axis.y * axis.y * a, -axis.y);
    dir = cosT * axis + sinT * cos(phi) * t1 + sinT * sin(phi) * t2;
    return dot(dir, side) > 0.0;
}

// What the shading of a ray's hit needs after the hit itself: the point, the geometric normal facing
// the ray (ng), the shading normal on its side (n), the ray's direction, the textured diffuse colour
// and the material. Made by beginSurface; the light and spawn steps below read it. Kept apart from
// the loop that drives them so that the frame kernel (one ray after another in registers,
// shadeRayFromHit) and the wavefront passes (one ray per pass, the state in memory,
// wavefront_shade.comp) shade with the very same code.
struct Surface {
    vec3 p;
    vec3 ng;
    vec3 n;
    vec3 rd;
    vec3 kd;
    int mat;
    bool entering;
};

// The surface at ray (origin, rd)'s hit; applies the medium's absorption to throughput when the
// ray leaves a transparent material, and returns the ambient term the lights are added to.
vec3 beginSurface(vec3 origin, vec3 rd, Hit hit, float time, out Surface sf, inout vec3 throughput) {
    sf.mat = primitiveMaterial(primitiveTexel(hit.primitive));
    sf.p = origin + hit.t * rd;
    sf.rd = rd;
    vec2 uv;
    surfaceNormals(hit, sf.p, time, sf.ng, sf.n, uv);
    sf.entering = dot(sf.ng, rd) < 0.0;
    if (!sf.entering) sf.ng = -sf.ng;
    if (dot(sf.n, sf.ng) < 0.0) sf.n = -sf.n;

    vec4 m0 = materialTexel(sf.mat, GI_MATERIAL_AMBIENT);  // ambient, exponent
    float transparency = materialTexel(sf.mat, GI_MATERIAL_SPECULAR).w;
    if (!sf.entering && transparency > 0.0) throughput *= exp(-materialTexel(sf.mat, GI_MATERIAL_ABSORPTION).xyz * hit.t);

    // The diffuse texture colours the diffuse and the ambient term alike (MTL's Ka defaults to Kd).
    vec3 texColor = vec3(1.0);
    if (TEXTURED) texColor = diffuseTexture(sf.mat, uv);
    sf.kd = materialTexel(sf.mat, GI_MATERIAL_DIFFUSE).xyz * texColor;
    return uAmbientLight * (m0.xyz * texColor);
}

// Where the shadow rays of a surface start: just off it, on the side the ray came from.
vec3 shadowOrigin(Surface sf) {
    return sf.p + sf.ng * uRayEpsilon;
}

// The shadow ray toward a point drawn on light l (unit direction L, length dist); false when the
// light does not reach the surface's side and no ray is traced.
// The light whose position is nearest p, the lower index on a tie (LightPoints.nearest).
int nearestLight(vec3 p) {
    int nearest = 0;
    float best = INFINITY;
    for (int l = 0; l < uLightCount; l++) {
        vec3 d = lightTexel(l, GI_LIGHT_POSITION).xyz - p;
        float d2 = dot(d, d);
        if (d2 < best) {
            best = d2;
            nearest = l;
        }
    }
    return nearest;
}

bool lightRay(Surface sf, int l, uint pixel, uint sampleIndex, int seg, out vec3 L, out float dist) {
    vec3 so = shadowOrigin(sf);
    L = vec3(0.0);
    dist = 0.0;
    if (uNearestLightShadows != 0 && l != nearestLight(so)) return false;
    vec3 toLight = samplePointOnLight(l, so, pixel, sampleIndex, lightDimension(seg, l)) - so;
    dist = sqrt(dot(toLight, toLight));
    L = vec3(0.0);
    if (!(dist > 0.0)) return false;
    L = toLight * (1.0 / dist);
    float ndotl = dot(sf.n, L);
    return !(ndotl <= 0.0 || dot(sf.ng, L) <= 0.0);
}

// Light l's colour arriving at a surface dist away.
vec3 lightArriving(int l, float dist) {
    float atten = 1.0 / (uAttenuation.x + uAttenuation.y * dist + uAttenuation.z * dist * dist);
    return lightTexel(l, GI_LIGHT_COLOR).xyz * atten;
}

// Light l's Phong term at the surface, its shadow ray (L, dist) unblocked.
vec3 lightContribution(Surface sf, int l, vec3 L, float dist) {
    vec4 m0 = materialTexel(sf.mat, GI_MATERIAL_AMBIENT);
    vec4 m2 = materialTexel(sf.mat, GI_MATERIAL_SPECULAR);
    float ndotl = dot(sf.n, L);
    float rdotv = -dot(2.0 * ndotl * sf.n - L, sf.rd);
    float spec = rdotv > 0.0 ? pow(rdotv, m0.w) : 0.0;
    return (sf.kd * ndotl + m2.xyz * spec) * lightArriving(l, dist);
}

// The diffuse part of lightContribution: what a camera hit adds to its sample's diffuse light (DiffuseSplit).
vec3 diffuseContribution(Surface sf, int l, vec3 L, float dist) {
    return sf.kd * dot(sf.n, L) * lightArriving(l, dist);
}

#if ENVIRONMENT
// The environment's light on a diffuse surface, (1/pi) times the integral of L cos over the unblocked
// directions, is estimated from two directions, each traced as a shadow ray without end: k = 0 drawn
// from the map by its brightness, k = 1 by cos around the shading normal, combined by multiple
// importance sampling with the power heuristic. envRay gives draw k's direction and what it adds,
// before the diffuse colour, when its ray comes back unblocked; false when no ray is sent. Twin of
// EnvironmentLighting.ray. Both frames send the two rays after the lights' and add what
// they bring in that order, the wavefront as shadow rays uLightCount and uLightCount + 1.
#define ENV_SHADOW_RAYS 2
bool envRay(Surface sf, int k, uint pixel, uint sampleIndex, int seg, out vec3 dir, out vec3 light) {
    light = vec3(0.0);
    uint dim = segmentDimension(seg, SLOT_ENVIRONMENT + 2 * k);
    float u1 = uniformSample(pixel, sampleIndex, dim, uSeed);
    float u2 = uniformSample(pixel, sampleIndex, dim + 1u, uSeed);
    if (k == 0) {
        EnvSample e = envSample(u1, u2);
        dir = e.direction;
        float cosL = dot(sf.n, dir);
        if (!(e.pdf > 0.0 && cosL > 0.0 && dot(sf.ng, dir) > 0.0)) return false;
        float ratio = cosL * 0.318309886 / e.pdf;
        // The power heuristic p^2 / (p^2 + q^2) written so a huge density (a bright texel near a pole) gives 1, not inf/inf.
        light = e.radiance * (ratio / (1.0 + ratio * ratio));
        return true;
    }
    vec2 disk = concentricDisk(u1, u2);
    float up = sqrt(max(0.0, 1.0 - disk.x * disk.x - disk.y * disk.y));
    vec3 n = sf.n;
    float sgn = n.z >= 0.0 ? 1.0 : -1.0;
    float a = -1.0 / (sgn + n.z);
    float b = n.x * n.y * a;
    vec3 t1 = vec3(1.0 + sgn * n.x * n.x * a, sgn * b, -sgn * n.x);
    vec3 t2 = vec3(b, sgn + n.y * n.y * a, -n.y);
    dir = disk.x * t1 + disk.y * t2 + up * n;
    float cosB = dot(n, dir);
    if (!(cosB > 0.0 && dot(sf.ng, dir) > 0.0)) return false;
    EnvSample l = envLookup(dir);
    float ratio = l.pdf / (cosB * 0.318309886);
    // (1/pi) L cos / (cos/pi) = L, times the power heuristic's weight.
    light = l.radiance * (1.0 / (1.0 + ratio * ratio));
    return true;
}
#else
#define ENV_SHADOW_RAYS 0
#endif

// The weights of a surface's reflected and refracted rays (reflectivity, plus transparency split
// by Schlick's Fresnel, all of it reflected past the critical angle) and their directions (the
// mirror direction; Snell's law). Twin of SurfaceBranches.weigh.
struct Branches {
    float reflectWeight;
    float refractWeight;
    vec3 mirrored;
    vec3 refracted;
};

Branches branchWeights(Surface sf) {
    vec3 n = sf.n, rd = sf.rd;
    float transparency = materialTexel(sf.mat, GI_MATERIAL_SPECULAR).w;
    float cosI = -dot(n, rd);
    Branches br = Branches(materialTexel(sf.mat, GI_MATERIAL_DIFFUSE).w, 0.0, rd + 2.0 * cosI * n, vec3(0.0));
    br.mirrored *= 1.0 / sqrt(dot(br.mirrored, br.mirrored));
    if (transparency > 0.0) {
        float ior = materialTexel(sf.mat, GI_MATERIAL_ABSORPTION).w;
        float eta = sf.entering ? 1.0 / ior : ior;
        float sin2T = eta * eta * (1.0 - cosI * cosI);
        if (sin2T >= 1.0) {
            br.reflectWeight += transparency;
        } else {
            float cosT = sqrt(1.0 - sin2T);
            float r0 = (1.0 - ior) / (1.0 + ior);
            r0 = r0 * r0;
            float c = 1.0 - (sf.entering ? cosI : cosT);
            float fresnel = r0 + (1.0 - r0) * c * c * c * c * c;
            br.reflectWeight += transparency * fresnel;
            br.refractWeight = transparency * (1.0 - fresnel);
            br.refracted = eta * rd + (eta * cosI - cosT) * n;
            br.refracted *= 1.0 / sqrt(dot(br.refracted, br.refracted));
        }
    }
    return br;
}

#define CHAIN_NONE 0
#define CHAIN_REFRACTED 1
#define CHAIN_REFLECTED 2

// Which of the surface's rays carries a sample's guide chain on (GuideSums.CHAIN_WEIGHT): on a
// perfect mirror or glass (no lobe), the heavier of the two when it weighs at least CHAIN_WEIGHT.
// Twin of WhittedIntegrator.chainBranch.
int chainBranch(Surface sf, Branches br) {
    if (materialTexel(sf.mat, GI_MATERIAL_LOBE).x > 0.0) return CHAIN_NONE;
    if (br.refractWeight >= CHAIN_WEIGHT && br.refractWeight > br.reflectWeight) return CHAIN_REFRACTED;
    if (br.reflectWeight >= CHAIN_WEIGHT && br.reflectWeight >= br.refractWeight) return CHAIN_REFLECTED;
    return CHAIN_NONE;
}

// What a surface sends on, worked out once; spawnedRay then gives its candidate rays one by one, so
// no array of rays is built (on the GPU one would sit in slow local memory). Twin of
// WhittedIntegrator.spawnRays.
struct Spawn {
    Branches br;
    int chained;      // chainBranch's pick, CHAIN_NONE off the chain
    float lobe;       // the lobe's exponent, 0 for a sharp surface
    int refractRays;  // rays each branch sends (GlossySplit): GLOSSY_SPLIT for a weighty rough
    int reflectRays;  // branch at the camera ray's first hit, else 1
    float weight;     // the throughput's largest component, for the cut-off
};

// Twin of GlossySplit.raysAt.
int splitRays(float lobe, int depth, float branchWeight) {
    return lobe > 0.0 && depth == 0 && branchWeight >= GLOSSY_SPLIT_WEIGHT ? GLOSSY_SPLIT : 1;
}

Spawn beginSpawn(Surface sf, vec3 throughput, int depth, bool chain) {
    Spawn sp;
    sp.br = branchWeights(sf);
    sp.chained = chain ? chainBranch(sf, sp.br) : CHAIN_NONE;
    sp.lobe = materialTexel(sf.mat, GI_MATERIAL_LOBE).x;
    sp.refractRays = splitRays(sp.lobe, depth, sp.br.refractWeight);
    sp.reflectRays = splitRays(sp.lobe, depth, sp.br.reflectWeight);
    sp.weight = maxComponent(throughput);
    return sp;
}

// How many candidates spawnedRay is asked for: GLOSSY_SPLIT a branch, a constant so the loops unroll.
#define SPAWN_CANDIDATES (2 * GLOSSY_SPLIT)

// Russian roulette (Roulette.java): a ray a rough lobe sends from depth ROULETTE_DEPTH on, off the guide chain,
// lighter than uRouletteWeight goes on with probability weight / uRouletteWeight, its throughput
// `carried` scaled up by the inverse; the reflected ray draws the first of the segment's roulette
// pair, the refracted one the second. Returns whether it goes on.
bool roulette(inout vec3 carried, int depth, float lobe, int chained, uint pixel, uint sampleIndex, int seg, bool refract) {
    if (depth < ROULETTE_DEPTH || lobe <= 0.0 || chained != CHAIN_NONE) return true;
    float w = maxComponent(carried);
    if (w >= uRouletteWeight) return true;
    float q = w / uRouletteWeight;
    if (uniformSample(pixel, sampleIndex, segmentDimension(seg, SLOT_ROULETTE + (refract ? 1 : 0)), uSeed) >= q) return false;
    carried *= 1.0 / q;
    return true;
}

// Candidate k of the surface's rays, in the order they are pushed: ray k of the refracted branch
// (k < GLOSSY_SPLIT), then ray k - GLOSSY_SPLIT of the reflected one; candidates past a branch's
// rays are not sent. Returns whether it is sent; the caller pushes it while the ray stack has room.
// A rough lobe's ray j of `rays` is drawn with sample number sampleIndex * rays + j and carries
// 1 / rays of the branch's weight (GlossySplit); one that leaves on the wrong side is absorbed. The
// caller has checked the depth.
bool spawnedRay(Surface sf, Spawn sp, vec3 throughput, int depth, uint pixel, uint sampleIndex, int seg, int k,
                out PendingRay r) {
    bool refract = k < GLOSSY_SPLIT;
    int j = refract ? k : k - GLOSSY_SPLIT;
    int rays = refract ? sp.refractRays : sp.reflectRays;
    float branchWeight = refract ? sp.br.refractWeight : sp.br.reflectWeight;
    r = PendingRay(vec3(0.0), vec3(0.0), vec3(0.0), 0, false);
    if (j >= rays) return false;
    if (!(branchWeight > 0.0 && sp.weight * branchWeight > uThroughputCutoff)) return false;
    vec3 axis = refract ? sp.br.refracted : sp.br.mirrored;
    vec3 side = refract ? -sf.ng : sf.ng;
    vec3 dir = axis;
    // Rough refraction or glossy reflection, importance-sampled from the normalised Phong lobe.
    if (sp.lobe > 0.0 && !sampleLobe(axis, sp.lobe, pixel, sampleIndex * uint(rays) + uint(j),
                                     segmentDimension(seg, refract ? SLOT_GLOSSY + 2 : SLOT_GLOSSY), side, dir)) return false;
    vec3 origin = refract ? sf.p - sf.ng * uRayEpsilon : shadowOrigin(sf);
    vec3 carried = throughput * branchWeight * (1.0 / float(rays));
#if ROULETTE
    // Last, so that nothing of it is live across the lobe's sampling (registers).
    if (!roulette(carried, depth, sp.lobe, sp.chained, pixel, sampleIndex, seg, refract)) return false;
#endif
    r = PendingRay(origin, dir, carried, depth + 1,
                   sp.chained == (refract ? CHAIN_REFRACTED : CHAIN_REFLECTED));
    return true;
}

// What a sample's guide chain ends on (GuideSums): the last surface's shading normal, its diffuse
// colour (times texture) times the chain's throughput, and its diffuse light (the ambient term and
// the lights' diffuse terms) times that throughput, the denoiser's diffuse part (DiffuseSplit).
struct ChainGuide {
    vec3 normal;
    vec3 albedo;
    vec3 diffuse;
};

// The guides of a chain surface whose shading starts with ambient term `local`; the lights'
// diffuse terms are added as their shadow rays come back unblocked.
ChainGuide chainSurface(Surface sf, vec3 throughput, vec3 local) {
    return ChainGuide(sf.n, throughput * sf.kd, throughput * local);
}

// Shades a ray; when firstKnown, its first hit (firstFound, firstHit) was already found, e.g. by the
// paired traversal of two camera rays, and is not searched again. guide: the end of the sample's
// guide chain (ChainGuide), zeros when the camera ray misses; only followed when chain is set.
vec3 shadeRayFromHit(vec3 origin, vec3 direction, float time, uint pixel, uint sampleIndex, bool firstKnown, bool firstFound,
                     Hit firstHit, bool chain, out ChainGuide guide) {
    guide = ChainGuide(vec3(0.0), vec3(0.0), vec3(0.0));
    PendingRay stack[STACK_SIZE];
    int sp = 0;
    stack[sp++] = PendingRay(origin, direction, vec3(1.0), 0, chain);
    vec3 color = vec3(0.0);
    int segment = 0;
    while (sp > 0) {
        int seg = segment++;
        PendingRay ray = stack[--sp];
        vec3 throughput = ray.throughput;
        Hit hit = firstHit;
        bool found = firstFound;
        if (seg > 0 || !firstKnown) {
            hit = newHit(INFINITY);
            found = traverse(ray.origin, ray.direction, time, hit, false);
        }
        traversalOverflowed = traversalOverflowed || hit.overflow;
        if (!found) {
#if ENVIRONMENT
            color += throughput * envLookup(ray.direction).radiance;
#else
            color += throughput * uBackground;
#endif
            continue;
        }
        Surface sf;
        vec3 local = beginSurface(ray.origin, ray.direction, hit, time, sf, throughput);
        if (ray.chain) guide = chainSurface(sf, throughput, local);
        for (int l = 0; l < uLightCount; l++) {
            vec3 L;
            float dist;
            if (!lightRay(sf, l, pixel, sampleIndex, seg, L, dist)) continue;
            Hit shadow = newHit(dist);
            if (traverse(shadowOrigin(sf), L, time, shadow, true)) continue;
            traversalOverflowed = traversalOverflowed || shadow.overflow;
            local += lightContribution(sf, l, L, dist);
            if (ray.chain) guide.diffuse += throughput * diffuseContribution(sf, l, L, dist);
        }
#if ENVIRONMENT
        for (int k = 0; k < ENV_SHADOW_RAYS && maxComponent(sf.kd) > 0.0; k++) {
            vec3 dir, light;
            if (!envRay(sf, k, pixel, sampleIndex, seg, dir, light)) continue;
            Hit shadow = newHit(INFINITY);
            if (traverse(shadowOrigin(sf), dir, time, shadow, true)) continue;
            traversalOverflowed = traversalOverflowed || shadow.overflow;
            vec3 e = sf.kd * light;
            local += e;
            if (ray.chain) guide.diffuse += throughput * e;
        }
#endif
        color += throughput * local;

        if (ray.depth + 1 >= uMaxDepth) continue;
        Spawn spawn = beginSpawn(sf, throughput, ray.depth, ray.chain);
        for (int k = 0; k < SPAWN_CANDIDATES && sp < STACK_SIZE; k++) {
            PendingRay next;
            if (spawnedRay(sf, spawn, throughput, ray.depth, pixel, sampleIndex, seg, k, next)) stack[sp++] = next;
        }
    }
    return color;
}

vec3 shadeRay(vec3 origin, vec3 direction, float time, uint pixel, uint sampleIndex) {
    ChainGuide guide;
    return shadeRayFromHit(origin, direction, time, pixel, sampleIndex, false, false, newHit(INFINITY), false, guide);
}
