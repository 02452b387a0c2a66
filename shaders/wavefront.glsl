// The wavefront frame's memory (Laine, Karras and Aila 2013, "Megakernels Considered Harmful"): the
// samples of a tile are traced as in trace.comp, each pixel's samples one after another, but each
// pixel's walk through its rays is a state machine kept in memory (a slot per pixel), and every
// step advances each slot by one surface. The rays of a step are traced by lean kernels
// (wavefront_trace.comp, closest-hit and any-hit groups apart) that hold only the walk's registers, so many
// more work groups run at once than in the frame kernel, which carries every path's state through
// every walk. Same rays, same samples, same sums in the same order as trace.comp; GlWavefront drives it.
//
// A step: wavefront_queue.comp turns this generation's list lengths into dispatch sizes and empties
// the next generation's lists; wavefront_trace.comp walks the listed rays in one dispatch (each slot's
// next closest-hit ray, and the shadow rays of the surface it shaded last, toward each light); then
// wavefront_shade.comp adds the unblocked lights to that surface's light, shades the slot's new hit
// and lists its next rays for the next generation. The memory a slot's surface needs after its hit
// travels with its shadow rays (their would-be light), so no surface is kept between steps.
#include "random.glsl"
#include "whitted.glsl"

// The slot's layout comes from Java (render.gl.WavefrontLayout, as WF_* defines): the list kinds
// (WF_CLOSEST, WF_SHADOW), the phase and flags of WF_WALK's w (WF_PHASE_*, WF_OVERFLOWED, WF_SHADOWS,
// WF_ENDS_SAMPLE, WF_CHAIN_SHADOWS, WF_CHAIN), the state's fields (WF_SUM_SQUARES ... up to WF_STACK,
// each an array over the slots: WF_FIELD * uListCapacity + slot, so the lanes of a warp read and write
// neighbouring vec4s; integer fields stored as bits; the ray stack's WF_STACK_FIELDS likewise in a
// buffer of their own), the ray records' members and the queue's header.
#if WF_STACK_FIELDS != WF_STACK_ENTRY_FIELDS * STACK_SIZE
#error "WF_STACK_FIELDS (WavefrontLayout.STACK_FIELDS) does not match the ray stack's STACK_SIZE"
#endif

// A slot's closest-hit ray and, once traced, its result; shadow ray l of a slot (slot * uShadowStride
// + l, a place per light of the scene): toward light l from the surface shaded last. Their members,
// with what each holds, are WavefrontLayout's RAY_MEMBERS and SHADOW_MEMBERS.
struct WavefrontRay { WF_RAY_MEMBERS };
struct ShadowRay { WF_SHADOW_MEMBERS };

layout(std430, binding = DRT_BINDING_WAVEFRONT_STATES) buffer PathStates { vec4 stateFields[]; };  // fields before WF_STACK
// The ray stack's lower WF_STACK_LOW_ENTRIES entries, and the rest.
layout(std430, binding = DRT_BINDING_WAVEFRONT_STACKS) buffer RayStacks { vec4 stackFields[]; };
layout(std430, binding = DRT_BINDING_WAVEFRONT_STACKS_HIGH) buffer RayStacksHigh { vec4 stackFieldsHigh[]; };
layout(std430, binding = DRT_BINDING_WAVEFRONT_RAYS) buffer WavefrontRays { WavefrontRay rays[]; };
layout(std430, binding = DRT_BINDING_WAVEFRONT_SHADOWS) buffer WavefrontShadows { ShadowRay shadows[]; };
// counts[generation * WF_KINDS + kind]: entries of that list; args: the dispatches of the generation about
// to run (x, y, z per kind); lists: slot numbers (closest) and shadow ray numbers per generation.
layout(std430, binding = DRT_BINDING_WAVEFRONT_QUEUE) buffer WavefrontQueue {
    uint counts[WF_QUEUE_COUNTS];
    uint args[WF_QUEUE_ARGS];
    uint padding[WF_QUEUE_PADDING];
    int lists[];
};

uniform int uGeneration;
uniform int uListCapacity;
uniform int uShadowStride;  // shadow rays a slot has room for: the scene's lights (at least 1)

vec4 field(int slot, int f) { return stateFields[f * uListCapacity + slot]; }
ivec4 intField(int slot, int f) { return floatBitsToInt(stateFields[f * uListCapacity + slot]); }
void setField(int slot, int f, vec4 v) { stateFields[f * uListCapacity + slot] = v; }
void setIntField(int slot, int f, ivec4 v) { stateFields[f * uListCapacity + slot] = intBitsToFloat(v); }
// Member m (WF_STACK_ORIGIN_DEPTH ...) of entry sp of the slot's ray stack.
vec4 stackField(int slot, int sp, int m) {
    if (sp < WF_STACK_LOW_ENTRIES) return stackFields[(WF_STACK_ENTRY_FIELDS * sp + m) * uListCapacity + slot];
    return stackFieldsHigh[(WF_STACK_ENTRY_FIELDS * (sp - WF_STACK_LOW_ENTRIES) + m) * uListCapacity + slot];
}
void setStackField(int slot, int sp, int m, vec4 v) {
    if (sp < WF_STACK_LOW_ENTRIES) stackFields[(WF_STACK_ENTRY_FIELDS * sp + m) * uListCapacity + slot] = v;
    else stackFieldsHigh[(WF_STACK_ENTRY_FIELDS * (sp - WF_STACK_LOW_ENTRIES) + m) * uListCapacity + slot] = v;
}

// Where generation g's list of a kind starts: closest lists hold a slot each, shadow lists up to
// uShadowStride rays a slot.
int listBase(int generation, int kind) {
    return kind == WF_CLOSEST ? generation * uListCapacity : (WF_GENERATIONS + generation * uShadowStride) * uListCapacity;
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

// Lists the invocation's rays for the next generation's trace pass: its slot's closest-hit ray
// (when closest) and its shadow rays (bit l of shadowMask: slot * uShadowStride + l). Every
// invocation of the work group must call it, once: the group counts its rays in shared memory and
// reserves their places with one atomic per kind, since a million atomics on one counter serialise.
shared uint groupRays[WF_KINDS];
shared uint groupFirst[WF_KINDS];

void enqueueGroup(int slot, bool closest, int shadowMask) {
    if (gl_LocalInvocationIndex < uint(WF_KINDS)) groupRays[gl_LocalInvocationIndex] = 0u;
    barrier();
    uint closestPlace = closest ? atomicAdd(groupRays[WF_CLOSEST], 1u) : 0u;
    uint shadowPlace = shadowMask != 0 ? atomicAdd(groupRays[WF_SHADOW], uint(bitCount(shadowMask))) : 0u;
    barrier();
    int g = 1 - uGeneration;
    if (gl_LocalInvocationIndex < uint(WF_KINDS) && groupRays[gl_LocalInvocationIndex] > 0u) {
        groupFirst[gl_LocalInvocationIndex] = atomicAdd(counts[g * WF_KINDS + int(gl_LocalInvocationIndex)], groupRays[gl_LocalInvocationIndex]);
    }
    barrier();
    if (closest) lists[listBase(g, WF_CLOSEST) + int(groupFirst[WF_CLOSEST] + closestPlace)] = slot;
    int at = listBase(g, WF_SHADOW) + int(groupFirst[WF_SHADOW] + shadowPlace);
    for (int l = 0; l < uShadowStride; l++) {
        if ((shadowMask & (1 << l)) != 0) lists[at++] = slot * uShadowStride + l;
    }
}
