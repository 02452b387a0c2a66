// Warps of uniform random numbers; twin of org.drtstudio.render.cpu.Sampling.
// Hash dimensions: 0, 1 pixel position; 2, 3 lens; 4 time; per path segment k, segmentDimension(k, slot).
#define DIM_PIXEL_X 0u
#define DIM_PIXEL_Y 1u
#define DIM_LENS_U 2u
#define DIM_LENS_V 3u
#define DIM_TIME 4u
#define SLOT_GLOSSY 0
#define SLOT_LIGHTS 4
// The environment light's four dimensions of a segment (Sampling.SLOT_ENVIRONMENT).
#define SLOT_ENVIRONMENT 65532

uint segmentDimension(int segment, int slot) {
    return uint((segment + 1) * 65536 + slot);
}

// The light whose point at the camera ray's first hit takes the lens's two dimensions (stratified
// in 4D with the pixel position), -1 for none; from the host (org.drtstudio.render.LensLight).
uniform int uLensLight;

// Dimension of light l's point at path segment `segment`; twin of Sampling.lightDimension.
uint lightDimension(int segment, int l) {
    return segment == 0 && l == uLensLight ? DIM_LENS_U : segmentDimension(segment, SLOT_LIGHTS + 2 * l);
}

// Shirley-Chiu concentric map of the unit square onto the unit disk.
vec2 concentricDisk(float u, float v) {
    float a = 2.0 * u - 1.0;
    float b = 2.0 * v - 1.0;
    if (a == 0.0 && b == 0.0) return vec2(0.0);
    float r;
    float phi;
    if (abs(a) > abs(b)) {
        r = a;
        phi = 0.785398163 * (b / a);
    } else {
        r = b;
        phi = 1.570796327 - 0.785398163 * (a / b);
    }
    return r * vec2(cos(phi), sin(phi));
}

float tentWarp(float u) {
    return u < 0.5 ? sqrt(2.0 * u) - 1.0 : 1.0 - sqrt(2.0 - 2.0 * u);
}

// Offset from the pixel centre of a sample whose pixel dimensions are (r0, r1), warped by the
// filter (0 box, 1 tent radius 1, 2 Gaussian sigma 0.5). The sampler stratifies the pair itself
// (Owen-scrambled Sobol), so no grid is laid over it.
vec2 pixelOffset(int filterKind, float r0, float r1) {
    float u = r0;
    float v = r1;
    if (filterKind == 1) return vec2(tentWarp(u), tentWarp(v));
    if (filterKind == 2) {
        float radius = 0.5 * sqrt(-2.0 * log(1.0 - u));
        float angle = 6.283185307 * v;
        return radius * vec2(cos(angle), sin(angle));
    }
    return vec2(u - 0.5, v - 0.5);
}
