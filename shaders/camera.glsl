// Primary rays; twin of CpuRenderer.primaryDirection. The basis comes from TraceParameters.
uniform vec3 uEye;
uniform vec3 uForward;
uniform vec3 uRight;   // scaled by tan(fov/2) * aspect
uniform vec3 uUp;      // scaled by tan(fov/2)
uniform ivec2 uImageSize;

vec3 primaryDirection(vec2 imagePoint) {
    float ndcX = 2.0 * imagePoint.x / float(uImageSize.x) - 1.0;
    float ndcY = 1.0 - 2.0 * imagePoint.y / float(uImageSize.y);
    return normalize(uForward + ndcX * uRight + ndcY * uUp);
}
