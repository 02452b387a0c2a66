// The wavefront frame's memory (Laine, Karras and Aila 2013, "Megakernels Considered Harmful"): the
// samples of a tile are traced as in trace.comp, each pixel's samples one after another, but each
// pixel's walk through its rays is a state machine kept in memory (a slot per pixel), and every
// step advances each slot by one surface. The rays of a step are traced by lean kernels
// (wavefront_trace.comp, closest-hit and any-hit apart) that hold only the walk's registers, so many
// more work groups run at once than in the frame kernel, which carries every path's state through
// every walk. Same rays, same samples, same sums in the same order as trace.comp; GlWavefront drives it.
//
// A step: wavefront_queue.comp turns this generation's list lengths into dispatch sizes and empties
// the next generation's lists; the trace kernels walk the listed rays (each slot's next closest-hit
// ray, and the shadow rays of the surface it shaded last, toward each light, at once); then
// wavefront_shade.comp adds the unblocked lights to that surface's light, shades the slot's new hit
// and lists its next rays for the next generation. The memory a slot's surface needs after its hit
// travels with its shadow rays (their would-be light), so no surface is kept between steps.
#include "random.glsl"
#include "whitted.glsl"

#define WF_CLOSEST 0
#define WF_SHADOW 1
// What a slot's closest-hit ray is (WF_WALK's w & WF_PHASE_MASK).
#define WF_PHASE_CAMERA 0    // a sample's camera ray
#define WF_PHASE_SEGMENT 1   // a reflected or refracted ray
#define WF_PHASE_FLUSH 2     // none: the slot's last shadow rays are traced, then it is done
#define WF_PHASE_DONE 3
#define WF_PHASE_MASK 3
#define WF_OVERFLOWED 4      // a walk of this pass exceeded its bound (trace.comp's traversalOverflowed)
#define WF_SHADOWS 8         // shadow rays of the last shaded surface are in flight
#define WF_ENDS_SAMPLE 16    // ... and they were the last of their sample
#define WF_CHAIN_SHADOWS 32  // ... and they are a guide chain surface's: their diffuse terms go to WF_SAMPLE_DIFFUSE
#define WF_CHAIN 64          // the closest ray in flight carries its sample's guide chain on (with uGuides)

// A slot's state, field by field, each field an array over the slots (WF_FIELD * uListCapacity +
// slot), so the lanes of a warp read and write neighbouring vec4s. Integer fields are stored as bits.
#define WF_SUM_SQUARES 0        // the pass's radiance sum so far, sum of squared luminances
#define WF_GUIDE_ALBEDO_HITS 1  // GuideSums of the pass
#define WF_GUIDE_NORMAL_DEPTH 2
#define WF_COLOR_TIME 3         // the current sample's colour so far, its time
#define WF_PLACE 4              // ints: pixel x, y; the current sample; the pass's end sample
#define WF_WALK 5               // ints: next segment number, stack pointer, the closest ray's segment, phase | flags
#define WF_THROUGHPUT_DEPTH 6   // the closest ray in flight: throughput, depth (int bits)
#define WF_SHADED_LOCAL 7       // the surface whose shadow rays are in flight: its ambient light
#define WF_SHADED_THROUGHPUT 8  // ... and the throughput its light is added with
#define WF_GUIDE_DIFFUSE 9      // GuideSums.diffuse of the pass (with uGuides)
#define WF_SAMPLE_DIFFUSE 10    // the current sample's guide chain's diffuse light; GuideSums.otherSquares of the pass
#define WF_SAMPLE_ALBEDO 11     // the current sample's guide chain's albedo, 1 when its camera ray hit (with uGuides)
#define WF_SAMPLE_NORMAL 12     // ... its normal, the camera ray's hit distance
#define WF_STACK 13             // the ray stack, 3 fields an entry: origin and depth (int bits), direction and chain (1: on it), throughput
#if WF_FIELDS != WF_STACK + 3 * STACK_SIZE
#error "WF_FIELDS (GlWavefront.FIELDS) does not match the fields listed here"
#endif

// A slot's closest-hit ray and, once traced, its result.
struct WavefrontRay {
    vec4 originTMax;  // tMax 0: no ray (WF_PHASE_FLUSH)
    vec4 directionTime;
    vec4 hitTUv;      // t, uv
    ivec4 hitIds;     // primitive, instance, overflow, found
};

// Shadow ray l of a slot (slot * uShadowStride + l, a place per light of the scene): toward light l
// from the surface shaded last.
struct ShadowRay {
    vec4 originTMax;
    vec4 directionTime;
    vec4 light;       // the light's term at the surface were the ray unblocked (lightContribution)
    ivec4 result;     // blocked, overflow
    vec4 diffuse;     // of light's term, the diffuse part times the throughput, for a guide chain's surface (diffuseContribution)
};

layout(std430, binding = WF_BINDING_STATES) buffer PathStates { vec4 stateFields[]; };
layout(std430, binding = WF_BINDING_RAYS) buffer WavefrontRays { WavefrontRay rays[]; };
layout(std430, binding = WF_BINDING_SHADOWS) buffer WavefrontShadows { ShadowRay shadows[]; };
// counts[generation * 2 + kind]: entries of that list; args: the dispatches of the generation about
// to run (x, y, z per kind); lists: slot numbers (closest) and shadow ray numbers per generation.
layout(std430, binding = WF_BINDING_QUEUE) buffer WavefrontQueue {
    uint counts[4];
    uint args[6];
    uint padding[6];
    int lists[];
};

uniform int uGeneration;
uniform int uListCapacity;
uniform int uShadowStride;  // shadow rays a slot has room for: the scene's lights (at least 1)

vec4 field(int slot, int f) { return stateFields[f * uListCapacity + slot]; }
ivec4 intField(int slot, int f) { return floatBitsToInt(stateFields[f * uListCapacity + slot]); }
void setField(int slot, int f, vec4 v) { stateFields[f * uListCapacity + slot] = v; }
void setIntField(int slot, int f, ivec4 v) { stateFields[f * uListCapacity + slot] = intBitsToFloat(v); }

// Where generation g's list of a kind starts: closest lists hold a slot each, shadow lists up to
// uShadowStride rays a slot.
int listBase(int generation, int kind) {
    return kind == WF_CLOSEST ? generation * uListCapacity : (2 + generation * uShadowStride) * uListCapacity;
}

// Walks slot's closest-hit ray and stores its result (a ray of tMax 0 finds nothing).
void traceClosestRay(int slot) {
    vec4 originTMax = rays[slot].originTMax;
    vec4 directionTime = rays[slot].directionTime;
    Hit hit = newHit(originTMax.w);
    bool found = originTMax.w > 0.0 && traverse(originTMax.xyz, directionTime.xyz, directionTime.w, hit, false);
    rays[slot].hitTUv = vec4(hit.t, hit.uv, 0.0);
    rays[slot].hitIds = ivec4(hit.primitive, hit.instance, hit.overflow ? 1 : 0, found ? 1 : 0);
}

// Walks shadow ray number `ray` (any hit) and stores whether it is blocked.
void traceShadowRay(int ray) {
    vec4 originTMax = shadows[ray].originTMax;
    vec4 directionTime = shadows[ray].directionTime;
    Hit hit = newHit(originTMax.w);
    bool blocked = traverse(originTMax.xyz, directionTime.xyz, directionTime.w, hit, true);
    shadows[ray].result = ivec4(blocked ? 1 : 0, hit.overflow ? 1 : 0, 0, 0);
}

// Lists the invocation's rays for the next generation's trace passes: its slot's closest-hit ray
// (when closest) and its shadow rays (bit l of shadowMask: slot * uShadowStride + l). Every
// invocation of the work group must call it, once: the group counts its rays in shared memory and
// reserves their places with one atomic per kind, since a million atomics on one counter serialise.
shared uint groupRays[2];
shared uint groupFirst[2];

void enqueueGroup(int slot, bool closest, int shadowMask) {
    if (gl_LocalInvocationIndex < 2u) groupRays[gl_LocalInvocationIndex] = 0u;
    barrier();
    uint closestPlace = closest ? atomicAdd(groupRays[WF_CLOSEST], 1u) : 0u;
    uint shadowPlace = shadowMask != 0 ? atomicAdd(groupRays[WF_SHADOW], uint(bitCount(shadowMask))) : 0u;
    barrier();
    int g = 1 - uGeneration;
    if (gl_LocalInvocationIndex < 2u && groupRays[gl_LocalInvocationIndex] > 0u) {
        groupFirst[gl_LocalInvocationIndex] = atomicAdd(counts[g * 2 + int(gl_LocalInvocationIndex)], groupRays[gl_LocalInvocationIndex]);
    }
    barrier();
    if (closest) lists[listBase(g, WF_CLOSEST) + int(groupFirst[WF_CLOSEST] + closestPlace)] = slot;
    int at = listBase(g, WF_SHADOW) + int(groupFirst[WF_SHADOW] + shadowPlace);
    for (int l = 0; l < uShadowStride; l++) {
        if ((shadowMask & (1 << l)) != 0) lists[at++] = slot * uShadowStride + l;
    }
}
