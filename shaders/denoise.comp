// Non-local means weights with a local plane fit; twin of org.drtstudio.render.NlmDenoiser (its
// Javadoc explains the weights). denoise_stages.comp demodulates the radiance by the albedo and
// blurs the variance (NlmDenoiser.demodulate's twin) before this runs, and remodulates after. RADIUS, K, SIGMA_*, RIDGE,
// EPSILON and NEGLIGIBLE come from NlmDenoiser (a part's Settings and its constants) as #defines; FEATURES is 3 where the
// settings fit on the albedo too (Settings.albedoSlopes), else 0. The fit is FeatureFit's twin: the same sums, the same
// Cholesky solve, in the same order.
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

// Regressors per neighbour: 1, u, v and the albedo's difference from p's (FEATURES of them).
#define M (3 + FEATURES)
#define SUMS (M * (M + 1) / 2)

// The first unknown of A x = b (A as FeatureFit.intercept holds it, ridge added), for each channel of b; false where
// A is not positive definite.
bool solveFirst(inout float a[M * M], inout vec3 b[M], out vec3 first) {
    for (int j = 0; j < M; j++) {
        float d = a[j * M + j];
        for (int k = 0; k < j; k++) d -= a[j * M + k] * a[j * M + k];
        if (!(d > 0.0)) return false;
        float l = sqrt(d);
        a[j * M + j] = l;
        for (int i = j + 1; i < M; i++) {
            float s = a[i * M + j];
            for (int k = 0; k < j; k++) s -= a[i * M + k] * a[j * M + k];
            a[i * M + j] = s / l;
        }
    }
    for (int i = 0; i < M; i++) {
        vec3 s = b[i];
        for (int k = 0; k < i; k++) s -= a[i * M + k] * b[k];
        b[i] = s / a[i * M + i];
    }
    for (int i = M - 1; i >= 0; i--) {
        vec3 s = b[i];
        for (int k = i + 1; k < M; k++) s -= a[k * M + i] * b[k];
        b[i] = s / a[i * M + i];
    }
    first = b[0];
    return true;
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (!inside(p)) return;
    vec4 np = imageLoad(uNormalDepth, p);
    vec3 ap = imageLoad(uAlbedo, p).rgb;
    bool missP = isinf(np.w);
    // Normal equations of the fit: A's upper triangle row by row, b per channel.
    float sums[SUMS];
    vec3 bs[M];
    for (int i = 0; i < SUMS; i++) sums[i] = 0.0;
    for (int i = 0; i < M; i++) bs[i] = vec3(0.0);
    float x[M];
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
            x[0] = 1.0;
            x[1] = float(dx) / float(RADIUS);
            x[2] = float(dy) / float(RADIUS);
#if FEATURES > 0
            // Background pixels have no albedo to fit on: their fit stays a plane.
            vec3 da = missP ? vec3(0.0) : imageLoad(uAlbedo, q).rgb - ap;
            x[3] = da.r;
            x[4] = da.g;
            x[5] = da.b;
#endif
            int o = 0;
            for (int i = 0; i < M; i++) {
                float wx = weight * x[i];
                for (int j = i; j < M; j++) sums[o++] += wx * x[j];
            }
            vec3 wc = weight * imageLoad(uInput, q).rgb;
            for (int i = 0; i < M; i++) bs[i] += wc * x[i];
        }
    }
    float a[M * M];
    int o = 0;
    for (int i = 0; i < M; i++) {
        for (int j = i; j < M; j++) {
            a[i * M + j] = sums[o];
            a[j * M + i] = sums[o++];
        }
    }
    float w = a[0];
    for (int i = 1; i < M; i++) a[i * M + i] += RIDGE * w;
    vec3 intercept;
    // Only where no neighbour had weight (or rounding broke A): the weighted mean, or black.
    if (!solveFirst(a, bs, intercept)) intercept = w > 0.0 ? bs[0] / w : vec3(0.0);
    imageStore(uOutput, p, vec4(max(intercept, vec3(0.0)), 1.0));
}
