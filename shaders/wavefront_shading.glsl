// The wavefront frame's shading of one slot (wavefront.glsl), used by the shade pass and by the
// drain pass. Needs wavefront_paths.glsl.
void pushRay(int slot, int sp, PendingRay r) {
    setStackField(slot, sp, WF_STACK_ORIGIN_DEPTH, vec4(r.origin, intBitsToFloat(r.depth)));
    setStackField(slot, sp, WF_STACK_DIRECTION_CHAIN, vec4(r.direction, r.chain ? 1.0 : 0.0));
    setStackField(slot, sp, WF_STACK_THROUGHPUT, vec4(r.throughput, 0.0));
}

// Shades the slot's traced ray; returns whether it sent a closest-hit ray, and in shadowMask the
// lights it sent shadow rays toward.
bool shadeSlot(int slot, out int shadowMask) {
    shadowMask = 0;
    ivec4 place = intField(slot, WF_PLACE);
    ivec4 walk = intField(slot, WF_WALK);
    vec4 colorTime = field(slot, WF_COLOR_TIME);
    vec3 color = colorTime.xyz;
    float time = colorTime.w;
    int phase = walk.w & WF_PHASE_MASK;
    int flags = walk.w & ~WF_PHASE_MASK;

    // The surface shaded last: its lights whose shadow rays came back unblocked, in light order.
    if ((flags & WF_SHADOWS) != 0) {
        vec3 local = field(slot, WF_SHADED_LOCAL).xyz;
        bool chained = (flags & WF_CHAIN_SHADOWS) != 0;
        vec4 sampleDiffuse = chained ? field(slot, WF_SAMPLE_DIFFUSE) : vec4(0.0);
        for (int l = 0; l < uLightCount + ENV_SHADOW_RAYS; l++) {
            ShadowRay shadow = shadows[slot * uShadowStride + l];
            if (shadow.light.w == 0.0 || shadow.result.x != 0) continue;
            if (shadow.result.y != 0) flags |= WF_OVERFLOWED;
            local += shadow.light.xyz;
            if (chained) sampleDiffuse.xyz += shadow.diffuse.xyz;
        }
        if (chained) setField(slot, WF_SAMPLE_DIFFUSE, sampleDiffuse);
        color += field(slot, WF_SHADED_THROUGHPUT).xyz * local;
        if ((flags & WF_ENDS_SAMPLE) != 0) {
            endSample(slot, color);
            color = vec3(0.0);
        }
        flags &= ~(WF_SHADOWS | WF_ENDS_SAMPLE | WF_CHAIN_SHADOWS);
    }
    if (phase == WF_PHASE_FLUSH) {
        setField(slot, WF_COLOR_TIME, vec4(color, time));
        setIntField(slot, WF_WALK, ivec4(walk.x, 0, 0, WF_PHASE_DONE | flags));
        return false;
    }

    uint pixelIndex = uint(place.y * uImageSize.x + place.x);
    uint sampleIndex = uint(place.z);
    int seg = walk.z;
    vec4 originTMax = rays[slot].originTMax;
    vec4 directionTime = rays[slot].directionTime;
    vec4 tUv = rays[slot].hitTUv;
    ivec4 ids = rays[slot].hitIds;
    Hit hit = newHit(tUv.x);
    hit.uv = tUv.yz;
    hit.primitive = ids.x;
    hit.instance = ids.y;
    hit.overflow = ids.z != 0;
    bool found = ids.w != 0;
    if (hit.overflow) flags |= WF_OVERFLOWED;
    if (!found) {
#if ENVIRONMENT
        color += field(slot, WF_THROUGHPUT_DEPTH).xyz * envLookup(directionTime.xyz).radiance;
#else
        color += field(slot, WF_THROUGHPUT_DEPTH).xyz * uBackground;
#endif
        return nextRay(slot, place, walk, color, time, flags);
    }
    vec4 throughputDepth = field(slot, WF_THROUGHPUT_DEPTH);
    vec3 throughput = throughputDepth.xyz;
    int depth = floatBitsToInt(throughputDepth.w);
    Surface sf;
    vec3 local = beginSurface(originTMax.xyz, directionTime.xyz, hit, time, sf, throughput);
    // A guide chain's surface (ChainGuide, whitted.glsl): its guides, the camera ray's distance, and
    // its diffuse light for the denoiser's split: the ambient term now, the lights' once their shadow rays are back.
    bool chain = (flags & WF_CHAIN) != 0;
    if (chain) {
        ChainGuide guide = chainSurface(sf, throughput, local);
        bool camera = phase == WF_PHASE_CAMERA;
        setField(slot, WF_SAMPLE_ALBEDO, vec4(guide.albedo, camera ? 1.0 : field(slot, WF_SAMPLE_ALBEDO).w));
        setField(slot, WF_SAMPLE_NORMAL, vec4(guide.normal, camera ? hit.t : field(slot, WF_SAMPLE_NORMAL).w));
        setField(slot, WF_SAMPLE_DIFFUSE, vec4(guide.diffuse, field(slot, WF_SAMPLE_DIFFUSE).w));
    }
    for (int l = 0; l < uLightCount; l++) {
        vec3 L;
        float dist;
        int at = slot * uShadowStride + l;
        if (!lightRay(sf, l, pixelIndex, sampleIndex, seg, L, dist)) {
            shadows[at].light = vec4(0.0);
            continue;
        }
        shadows[at].originTMax = vec4(shadowOrigin(sf), dist);
        shadows[at].directionTime = vec4(L, time);
        shadows[at].light = vec4(lightContribution(sf, l, L, dist), 1.0);
        if (chain) shadows[at].diffuse = vec4(throughput * diffuseContribution(sf, l, L, dist), 0.0);
        shadowMask |= 1 << l;
    }
#if ENVIRONMENT
    // The environment's two rays after the lights' (envRay, whitted.glsl), their light known before they are traced.
    for (int k = 0; k < ENV_SHADOW_RAYS; k++) {
        int l = uLightCount + k;
        int at = slot * uShadowStride + l;
        vec3 dir, light;
        if (!(maxComponent(sf.kd) > 0.0) || !envRay(sf, k, pixelIndex, sampleIndex, seg, dir, light)) {
            shadows[at].light = vec4(0.0);
            continue;
        }
        vec3 e = sf.kd * light;
        shadows[at].originTMax = vec4(shadowOrigin(sf), INFINITY);
        shadows[at].directionTime = vec4(dir, time);
        shadows[at].light = vec4(e, 1.0);
        if (chain) shadows[at].diffuse = vec4(throughput * e, 0.0);
        shadowMask |= 1 << l;
    }
#endif
    if (shadowMask == 0) {
        color += throughput * local;
    } else {
        // The surface's light is added when its shadow rays are back, before the next ray's.
        setField(slot, WF_SHADED_LOCAL, vec4(local, 0.0));
        setField(slot, WF_SHADED_THROUGHPUT, vec4(throughput, 0.0));
        flags |= WF_SHADOWS;
        if (chain) flags |= WF_CHAIN_SHADOWS;
    }
    if (depth + 1 < uMaxDepth) {
        // The last ray pushed is the next one popped: it is sent at once, the others kept.
        Spawn spawn = beginSpawn(sf, throughput, depth, chain);
        int room = STACK_SIZE - walk.y, count = 0;
        PendingRay next;
        for (int k = 0; k < SPAWN_CANDIDATES && count < room; k++) {
            PendingRay r;
            if (!spawnedRay(sf, spawn, throughput, depth, pixelIndex, sampleIndex, seg, k, r)) continue;
            if (count > 0) pushRay(slot, walk.y++, next);
            next = r;
            count++;
        }
        if (count > 0) {
            int nextChain = next.chain ? WF_CHAIN : 0;
            setIntField(slot, WF_WALK, ivec4(walk.x + 1, walk.y, walk.x, WF_PHASE_SEGMENT | (flags & ~WF_CHAIN) | nextChain));
            setField(slot, WF_COLOR_TIME, vec4(color, time));
            setField(slot, WF_THROUGHPUT_DEPTH, vec4(next.throughput, intBitsToFloat(next.depth)));
            sendRay(slot, next.origin, INFINITY, next.direction, time);
            return true;
        }
    }
    return nextRay(slot, place, walk, color, time, flags);
}
