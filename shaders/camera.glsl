// Camera rays; twin of org.drtstudio.render.cpu.PrimaryRays (and CpuRenderer.primaryDirection for
// the pinhole at shutter open). The basis comes from TraceParameters / CameraBasis, at shutter
// open (uCam*) and close (uCamClose*).
uniform vec3 uEye;
uniform vec3 uForward;
uniform vec3 uRight;   // scaled by tan(fov/2) * aspect
uniform vec3 uUp;      // scaled by tan(fov/2)
uniform vec3 uLensRight;  // unit right times the aperture radius
uniform vec3 uLensUp;
uniform float uFocusDistance;
uniform vec3 uEyeClose;
uniform vec3 uForwardClose;
uniform vec3 uRightClose;
uniform vec3 uUpClose;
uniform vec3 uLensRightClose;
uniform vec3 uLensUpClose;
uniform float uFocusDistanceClose;
uniform bool uLens;
uniform ivec2 uImageSize;

// The pinhole ray at shutter open through an image point, in pixels from the top-left corner.
vec3 primaryDirection(vec2 imagePoint) {
    float ndcX = 2.0 * imagePoint.x / float(uImageSize.x) - 1.0;
    float ndcY = 1.0 - 2.0 * imagePoint.y / float(uImageSize.y);
    return normalize(uForward + ndcX * uRight + ndcY * uUp);
}

// Ray through image point at shutter time t with lens sample (lu, lv); origin and unit direction.
void cameraRay(vec2 imagePoint, float t, float lu, float lv, out vec3 origin, out vec3 direction) {
    vec3 eye = uEye + t * (uEyeClose - uEye);
    vec3 fwd = uForward + t * (uForwardClose - uForward);
    vec3 right = uRight + t * (uRightClose - uRight);
    vec3 up = uUp + t * (uUpClose - uUp);
    float ndcX = 2.0 * imagePoint.x / float(uImageSize.x) - 1.0;
    float ndcY = 1.0 - 2.0 * imagePoint.y / float(uImageSize.y);
    vec3 d = fwd + ndcX * right + ndcY * up;
    d *= 1.0 / sqrt(dot(d, d));
    origin = eye;
    if (uLens) {
        vec2 disk = concentricDisk(lu, lv);
        float focus = uFocusDistance + t * (uFocusDistanceClose - uFocusDistance);
        float along = focus / (dot(d, fwd) * (1.0 / sqrt(dot(fwd, fwd))));
        vec3 focal = eye + d * along;
        origin = eye + disk.x * (uLensRight + t * (uLensRightClose - uLensRight))
                     + disk.y * (uLensUp + t * (uLensUpClose - uLensUp));
        d = focal - origin;
        d *= 1.0 / sqrt(dot(d, d));
    }
    direction = d;
}
