// Camera sample s of a pixel, shared by the frame kernel (trace.comp) and the wavefront passes
// (wavefront_shade.comp) so both draw the same rays. Needs random.glsl, sampling.glsl (through
// whitted.glsl) and camera.glsl.
uniform bool uCameraMotion;
uniform int uSamplesPerPixel;
uniform int uFilter;

// The camera ray of sample s of a pixel (filtered position, lens point, time); returns its time.
float sampleCameraRay(ivec2 pixel, uint pixelIndex, int s, out vec3 origin, out vec3 direction) {
    uint si = uint(s);
    vec2 imagePoint = vec2(pixel) + vec2(0.5);
    if (uSamplesPerPixel > 1) {
        imagePoint += pixelOffset(uFilter, uniformSample(pixelIndex, si, DIM_PIXEL_X, uSeed),
                                  uniformSample(pixelIndex, si, DIM_PIXEL_Y, uSeed));
    }
    float time = uMotion || uCameraMotion ? uniformSample(pixelIndex, si, DIM_TIME, uSeed) : 0.0;
    cameraRay(imagePoint, time, uniformSample(pixelIndex, si, DIM_LENS_U, uSeed),
              uniformSample(pixelIndex, si, DIM_LENS_V, uSeed), origin, direction);
    return time;
}
