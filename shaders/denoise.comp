// Non-local means weights with a local plane fit; twin of org.drtstudio.render.NlmDenoiser (its
// Javadoc explains the weights). denoise_stages.comp demodulates the radiance by the albedo and
// blurs the variance (NlmDenoiser.demodulate's twin) before this runs, and remodulates after. RADIUS, K, SIGMA_*, RIDGE,
// EPSILON and NEGLIGIBLE come from NlmDenoiser (Settings.DEFAULT and its constants) as #defines.
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = DRT_BINDING_DENOISE_INPUT, rgba32f) uniform readonly image2D uInput;        // rgb irradiance, a its blurred variance
layout(binding = DRT_BINDING_DENOISE_NORMAL_DEPTH, rgba32f) uniform readonly image2D uNormalDepth;  // xyz normal, w depth
layout(binding = DRT_BINDING_DENOISE_ALBEDO, rgba32f) uniform readonly image2D uAlbedo;
layout(binding = DRT_BINDING_DENOISE_OUTPUT, rgba32f) uniform writeonly image2D uOutput;
uniform ivec2 uImageSize;

float luminance(vec3 c) {
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

bool inside(ivec2 q) {
    return q.x >= 0 && q.y >= 0 && q.x < uImageSize.x && q.y < uImageSize.y;
}

// max(0, mean patch distance) over the 3x3 patches around p and q (pairs inside the image).
float patchExponent(ivec2 p, ivec2 q) {
    float sum = 0.0;
    int count = 0;
    for (int oy = -1; oy <= 1; oy++) {
        for (int ox = -1; ox <= 1; ox++) {
            ivec2 a = p + ivec2(ox, oy), b = q + ivec2(ox, oy);
            if (!inside(a) || !inside(b)) continue;
            vec4 ca = imageLoad(uInput, a), cb = imageLoad(uInput, b);
            float diff = luminance(ca.rgb) - luminance(cb.rgb);
            sum += (diff * diff - (ca.a + min(ca.a, cb.a))) / (EPSILON + K * K * (ca.a + cb.a));
            count++;
        }
    }
    return max(0.0, sum / float(count));
}

float depthExponent(vec4 np, vec4 nq) {
    return abs(np.w - nq.w) / (SIGMA_DEPTH * max(np.w, 1e-6));
}

float albedoExponent(vec3 ap, vec3 aq) {
    vec3 da = ap - aq;
    return dot(da, da) / (SIGMA_ALBEDO * SIGMA_ALBEDO);
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (!inside(p)) return;
    vec4 np = imageLoad(uNormalDepth, p);
    vec3 ap = imageLoad(uAlbedo, p).rgb;
    bool missP = isinf(np.w);
    // Normal equations of the plane fit for X = (1, dx/r, dy/r): A symmetric, b per channel.
    float a00 = 0.0, a01 = 0.0, a02 = 0.0, a11 = 0.0, a12 = 0.0, a22 = 0.0;
    vec3 b0 = vec3(0.0), b1 = vec3(0.0), b2 = vec3(0.0);
    for (int dy = -RADIUS; dy <= RADIUS; dy++) {
        for (int dx = -RADIUS; dx <= RADIUS; dx++) {
            ivec2 q = p + ivec2(dx, dy);
            if (!inside(q)) continue;
            vec4 nq = imageLoad(uNormalDepth, q);
            if (missP != isinf(nq.w)) continue;
            // One exponential for the patch, depth and albedo terms together (a product of three).
            float exponent = patchExponent(p, q), normalWeight = 1.0;
            if (!missP && q != p) {
                normalWeight = pow(max(0.0, dot(np.xyz, nq.xyz)), SIGMA_NORMAL);
                exponent += depthExponent(np, nq) + albedoExponent(ap, imageLoad(uAlbedo, q).rgb);
            }
            if (exponent > NEGLIGIBLE) continue;
            float weight = normalWeight * exp(-exponent);
            if (weight == 0.0) continue;
            float u = float(dx) / float(RADIUS), v = float(dy) / float(RADIUS);
            vec3 value = weight * imageLoad(uInput, q).rgb;
            a00 += weight;
            a01 += weight * u;
            a02 += weight * v;
            a11 += weight * u * u;
            a12 += weight * u * v;
            a22 += weight * v * v;
            b0 += value;
            b1 += value * u;
            b2 += value * v;
        }
    }
    a11 += RIDGE * a00;
    a22 += RIDGE * a00;
    float c00 = a11 * a22 - a12 * a12, c01 = a02 * a12 - a01 * a22, c02 = a01 * a12 - a02 * a11;
    float det = a00 * c00 + a01 * c01 + a02 * c02;
    vec3 intercept = (c00 * b0 + c01 * b1 + c02 * b2) / det;
    imageStore(uOutput, p, vec4(max(intercept, vec3(0.0)), 1.0));
}
