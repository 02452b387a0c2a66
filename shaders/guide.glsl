// The denoiser's guides of one camera ray: those of the surface that ends its guide chain (the
// first hit, or through a perfect mirror or glass the surface seen along its heavier ray,
// whitted.glsl's chainBranch), as the shading records them (ChainGuide). The separate guide pass
// (aov.comp) walks the chain here without shading; the trace passes record it while they shade.
// Twin of WhittedIntegrator.firstHit.
#include "whitted.glsl"

// The guides of the camera ray (origin, d) whose first hit is `hit`: the chain's last surface's
// shading normal, and its diffuse colour times texture times the chain's throughput. The chain goes
// on where spawnRays would push its ray (depth, throughput cut-off, the stack's room, counting the
// refracted rays a chain that reflects leaves waiting) and stops where its next ray misses, keeping
// the last surface's guides.
void chainGuide(vec3 origin, vec3 d, float time, Hit hit, out vec3 normal, out vec3 albedo) {
    vec3 throughput = vec3(1.0);
    // The rays the shading's stack would hold below this surface's (a refracted chain ray is popped
    // after its reflected sibling's tree, so only a reflecting chain leaves one waiting).
    int waiting = 0;
    bool onward = true;
    for (int depth = 0; onward; depth++) {
        Surface sf;
        vec3 ambient = beginSurface(origin, d, hit, time, sf, throughput);
        ChainGuide guide = chainSurface(sf, throughput, ambient);
        normal = guide.normal;
        albedo = guide.albedo;
        Branches br = branchWeights(sf);
        int branch = depth + 1 < uMaxDepth ? chainBranch(sf, br) : CHAIN_NONE;
        float strongest = maxComponent(throughput);
        // spawnRays' push conditions, in its order: refracted first, then reflected.
        bool refractPushed = br.refractWeight > 0.0 && strongest * br.refractWeight > uThroughputCutoff && waiting < STACK_SIZE;
        bool reflectPushed = br.reflectWeight > 0.0 && strongest * br.reflectWeight > uThroughputCutoff
                && waiting + (refractPushed ? 1 : 0) < STACK_SIZE;
        onward = branch == CHAIN_REFRACTED ? refractPushed : branch == CHAIN_REFLECTED && reflectPushed;
        if (onward && branch == CHAIN_REFLECTED && refractPushed) waiting++;
        float weight = branch == CHAIN_REFRACTED ? br.refractWeight : br.reflectWeight;
        if (onward) {
            origin = branch == CHAIN_REFRACTED ? sf.p - sf.ng * uRayEpsilon : shadowOrigin(sf);
            d = branch == CHAIN_REFRACTED ? br.refracted : br.mirrored;
            throughput *= weight;
            hit = newHit(INFINITY);
            onward = traverse(origin, d, time, hit, false);
        }
    }
}
