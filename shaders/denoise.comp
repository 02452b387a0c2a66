// One pass of the edge-avoiding a-trous wavelet filter; twin of org.drtstudio.render.AtrousDenoiser
// (its Javadoc explains the weights). The host demodulates the radiance by the albedo, runs the
// settings' passes with uStep = 1, 2, 4, ..., swapping input and output, and remodulates. SIGMA_*
// come from AtrousDenoiser.Settings.DEFAULT as #defines.
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba32f) uniform readonly image2D uInput;        // rgb irradiance, a its variance
layout(binding = 1, rgba32f) uniform readonly image2D uNormalDepth;  // xyz normal, w depth
layout(binding = 2, rgba32f) uniform readonly image2D uAlbedo;
layout(binding = 3, rgba32f) uniform writeonly image2D uOutput;
uniform ivec2 uImageSize;
uniform int uStep;

const float KERNEL[5] = float[5](1.0 / 16.0, 1.0 / 4.0, 3.0 / 8.0, 1.0 / 4.0, 1.0 / 16.0);
const float BLUR[3] = float[3](1.0 / 4.0, 1.0 / 8.0, 1.0 / 16.0);

float luminance(vec3 c) {
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

float blurredVariance(ivec2 p) {
    float sum = 0.0;
    float weights = 0.0;
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            ivec2 q = p + ivec2(dx, dy);
            if (q.x < 0 || q.y < 0 || q.x >= uImageSize.x || q.y >= uImageSize.y) continue;
            float k = BLUR[abs(dx) + abs(dy)];
            sum += k * imageLoad(uInput, q).a;
            weights += k;
        }
    }
    return sum / weights;
}

float geometryWeight(vec4 np, vec4 nq, float step) {
    bool missP = isinf(np.w), missQ = isinf(nq.w);
    if (missP || missQ) return missP && missQ ? 1.0 : 0.0;
    float wn = pow(max(0.0, dot(np.xyz, nq.xyz)), SIGMA_NORMAL);
    float wz = exp(-abs(np.w - nq.w) / (SIGMA_DEPTH * step * max(np.w, 1e-6)));
    return wn * wz;
}

float albedoWeight(vec3 ap, vec3 aq) {
    vec3 da = ap - aq;
    return exp(-dot(da, da) / (SIGMA_ALBEDO * SIGMA_ALBEDO));
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= uImageSize.x || p.y >= uImageSize.y) return;
    vec4 cp = imageLoad(uInput, p);
    vec4 np = imageLoad(uNormalDepth, p);
    vec3 ap = imageLoad(uAlbedo, p).rgb;
    float lp = luminance(cp.rgb);
    float sigmaL = SIGMA_LUMINANCE * sqrt(blurredVariance(p)) + 1e-4;
    float sumW = 0.0;
    vec3 sumC = vec3(0.0);
    float sumV = 0.0;
    for (int dy = -2; dy <= 2; dy++) {
        for (int dx = -2; dx <= 2; dx++) {
            ivec2 q = p + uStep * ivec2(dx, dy);
            if (q.x < 0 || q.y < 0 || q.x >= uImageSize.x || q.y >= uImageSize.y) continue;
            vec4 cq = imageLoad(uInput, q);
            float weight = KERNEL[dx + 2] * KERNEL[dy + 2];
            if (q != p) {
                weight *= geometryWeight(np, imageLoad(uNormalDepth, q), float(uStep))
                        * albedoWeight(ap, imageLoad(uAlbedo, q).rgb)
                        * exp(-abs(lp - luminance(cq.rgb)) / sigmaL);
            }
            sumW += weight;
            sumC += weight * cq.rgb;
            sumV += weight * weight * cq.a;
        }
    }
    imageStore(uOutput, p, vec4(sumC / sumW, sumV / (sumW * sumW)));
}
