// A wavefront slot's walk from one ray to the next (wavefront.glsl), shared by the start and shade
// passes: the order of rays and of the colour's sums is the frame kernel's (trace.comp, whitted.glsl's
// shadeRayFromHit), so the two give the same samples. Needs whitted.glsl, camera_samples.glsl and
// frame_pixels.glsl.

// Stores the slot's next closest-hit ray (tMax 0: none, the slot only waits for its shadow rays).
void sendRay(int slot, vec3 origin, float tMax, vec3 direction, float time) {
    rays[slot].originTMax = vec4(origin, tMax);
    rays[slot].directionTime = vec4(direction, time);
}

// Sends the camera ray of sample s of the slot's pixel: segment 0 of a fresh ray tree. The sample's
// colour starts at zero once the last one's is summed (flags: WF_ENDS_SAMPLE while its shadow rays fly).
void startSample(int slot, ivec2 pixel, int s, vec3 color, int flags) {
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    vec3 origin, direction;
    float time = sampleCameraRay(pixel, pixelIndex, s, origin, direction);
    setField(slot, WF_COLOR_TIME, vec4(color, time));
    // A camera ray starts its sample's guide chain.
    int chain = uGuides ? WF_CHAIN : 0;
    setIntField(slot, WF_WALK, ivec4(1, 0, 0, WF_PHASE_CAMERA | (flags & ~WF_CHAIN) | chain));
    setField(slot, WF_THROUGHPUT_DEPTH, vec4(vec3(1.0), intBitsToFloat(0)));
    sendRay(slot, origin, INFINITY, direction, time);
}

// Adds a finished sample's colour to the pass's sums (and its guides and split, with the guides).
void endSample(int slot, vec3 color) {
    vec4 sumSquares = field(slot, WF_SUM_SQUARES);
    vec3 sum = sumSquares.xyz;
    float squares = sumSquares.w;
    addSample(color, sum, squares);
    setField(slot, WF_SUM_SQUARES, vec4(sum, squares));
    if (uGuides) {
        vec4 sampleDiffuse = field(slot, WF_SAMPLE_DIFFUSE);
        GuideSums split = GuideSums(vec4(0.0), vec4(0.0), field(slot, WF_GUIDE_DIFFUSE), sampleDiffuse.w);
        addSplitSample(color, sampleDiffuse.xyz, split);
        setField(slot, WF_GUIDE_DIFFUSE, split.diffuse);
        setField(slot, WF_SAMPLE_DIFFUSE, vec4(vec3(0.0), split.otherSquares));
        vec4 albedoHit = field(slot, WF_SAMPLE_ALBEDO), normalDistance = field(slot, WF_SAMPLE_NORMAL);
        GuideSums guides = GuideSums(field(slot, WF_GUIDE_ALBEDO_HITS), field(slot, WF_GUIDE_NORMAL_DEPTH), vec4(0.0), 0.0);
        addGuideSample(albedoHit.w != 0.0, normalDistance.w, normalDistance.xyz, albedoHit.xyz, guides);
        setField(slot, WF_GUIDE_ALBEDO_HITS, guides.albedoHits);
        setField(slot, WF_GUIDE_NORMAL_DEPTH, guides.normalDepth);
        setField(slot, WF_SAMPLE_ALBEDO, vec4(0.0));
        setField(slot, WF_SAMPLE_NORMAL, vec4(0.0));
    }
}

// The slot's next closest-hit ray once its current one is shaded and sent no ray on: the top of its
// ray stack, else the next sample's camera ray; returns whether it sent a ray (a slot whose shadow
// rays still fly sends an empty one, to be shaded once more).
bool nextRay(int slot, ivec4 place, ivec4 walk, vec3 color, float time, int flags) {
    if (walk.y > 0) {
        int sp = walk.y - 1;
        vec4 originDepth = stackField(slot, sp, WF_STACK_ORIGIN_DEPTH);
        vec4 direction = stackField(slot, sp, WF_STACK_DIRECTION_CHAIN);
        vec4 throughput = stackField(slot, sp, WF_STACK_THROUGHPUT);
        int chain = direction.w != 0.0 ? WF_CHAIN : 0;
        setIntField(slot, WF_WALK, ivec4(walk.x + 1, sp, walk.x, WF_PHASE_SEGMENT | (flags & ~WF_CHAIN) | chain));
        setField(slot, WF_COLOR_TIME, vec4(color, time));
        setField(slot, WF_THROUGHPUT_DEPTH, vec4(throughput.xyz, originDepth.w));
        sendRay(slot, originDepth.xyz, INFINITY, direction.xyz, time);
        return true;
    }
    // The sample is done; its colour is summed now, or once its shadow rays are back.
    if ((flags & WF_SHADOWS) != 0) {
        flags |= WF_ENDS_SAMPLE;
    } else {
        endSample(slot, color);
        color = vec3(0.0);
    }
    int s = place.z + 1;
    setIntField(slot, WF_PLACE, ivec4(place.xy, s, place.w));
    if (s < place.w) {
        startSample(slot, place.xy, s, color, flags);
        return true;
    }
    setField(slot, WF_COLOR_TIME, vec4(color, time));
    if ((flags & WF_SHADOWS) != 0) {
        setIntField(slot, WF_WALK, ivec4(walk.x, 0, 0, WF_PHASE_FLUSH | flags));
        sendRay(slot, vec3(0.0), 0.0, vec3(0.0), time);
        return true;
    }
    setIntField(slot, WF_WALK, ivec4(walk.x, 0, 0, WF_PHASE_DONE | flags));
    return false;
}
