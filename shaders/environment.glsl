// The environment light: an equirectangular sky packed by org.drtstudio.accel.EnvironmentMap (its
// Javadoc lays the buffer out; the host passes the offsets it computes), read as
// org.drtstudio.render.cpu.EnvironmentSampler reads it: the same float operations in the same order.
// ENVIRONMENT (true/false) is defined by GlRenderer, which compiles a variant with it only for
// images that carry a map, so scenes without one run the code they ran before. ENV_BINDING: the
// buffer's binding (EnvironmentMap.BINDING).
#ifndef ENVIRONMENT
#define ENVIRONMENT 0
#endif
#if ENVIRONMENT
layout(std430, binding = ENV_BINDING) readonly restrict buffer EnvironmentData { float envData[]; };
uniform ivec2 uEnvSize;        // width, height
uniform int uEnvMarginal;      // EnvironmentMap.marginalOffset()
uniform int uEnvConditional;   // EnvironmentMap.conditionalOffset()
uniform int uEnvStride;        // EnvironmentMap.rowStride()
uniform vec2 uEnvYaw;          // cos, sin of the turn about +y
uniform float uEnvStrength;

struct EnvSample {
    vec3 direction;
    vec3 radiance;   // strength applied
    float pdf;       // per steradian; 0 at a pole
};

// The texel's radiance and the density per steradian of directions at sinTheta inside it.
EnvSample envTexel(int row, int column, float sinTheta, vec3 direction) {
    int t = 4 * (row * uEnvSize.x + column);
    vec3 radiance = vec3(uEnvStrength * envData[t], uEnvStrength * envData[t + 1], uEnvStrength * envData[t + 2]);
    float pdf = sinTheta > 0.0 ? envData[t + 3] / (19.7392088 * sinTheta) : 0.0;
    return EnvSample(direction, radiance, pdf);
}

// The radiance along unit world direction d and the density envSample draws it with.
EnvSample envLookup(vec3 d) {
    float mx = uEnvYaw.x * d.x - uEnvYaw.y * d.z;
    float mz = uEnvYaw.y * d.x + uEnvYaw.x * d.z;
    float my = max(-1.0, min(1.0, d.y));
    float u = 0.5 + atan(mx, mz) * (1.0 / 6.283185307);
    float theta = acos(my);
    int column = min(max(int(u * float(uEnvSize.x)), 0), uEnvSize.x - 1);
    int row = min(max(int(theta * (1.0 / 3.141592654) * float(uEnvSize.y)), 0), uEnvSize.y - 1);
    float sinTheta = sqrt(max(0.0, 1.0 - my * my));
    return envTexel(row, column, sinTheta, d);
}

// The last index i in [0, n) of the cumulative table at start with table[i] <= u (u in [0, 1)).
int envSearch(int start, int n, float u) {
    int lo = 0;
    int hi = n;
    while (hi - lo > 1) {
        int mid = (lo + hi) >> 1;
        if (envData[start + mid] <= u) lo = mid;
        else hi = mid;
    }
    return lo;
}

// A direction drawn in proportion to the map's brightness from uniform numbers (u1, u2).
EnvSample envSample(float u1, float u2) {
    int row = envSearch(uEnvMarginal, uEnvSize.y, u1);
    float r0 = envData[uEnvMarginal + row];
    float r1 = envData[uEnvMarginal + row + 1];
    float dv = r1 > r0 ? (u1 - r0) / (r1 - r0) : 0.5;
    int rowStart = uEnvConditional + row * uEnvStride;
    int column = envSearch(rowStart, uEnvSize.x, u2);
    float c0 = envData[rowStart + column];
    float c1 = envData[rowStart + column + 1];
    float du = c1 > c0 ? (u2 - c0) / (c1 - c0) : 0.5;
    float theta = (float(row) + dv) * (1.0 / float(uEnvSize.y)) * 3.141592654;
    float phi = ((float(column) + du) * (1.0 / float(uEnvSize.x)) - 0.5) * 6.283185307;
    float sinTheta = sin(theta);
    float mx = sinTheta * sin(phi);
    float my = cos(theta);
    float mz = sinTheta * cos(phi);
    vec3 d = vec3(uEnvYaw.x * mx + uEnvYaw.y * mz, my, -uEnvYaw.y * mx + uEnvYaw.x * mz);
    return envTexel(row, column, sinTheta, d);
}
#endif
