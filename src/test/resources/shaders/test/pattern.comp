// Writes a known pattern: value image = x + y * width + PATTERN_OFFSET (PATTERN_OFFSET is injected
// by the loader), colour image = (x, y, x + y, 255) modulo 256. No #version: the loader adds it.
#include "lib/pattern_value.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, r32f) uniform writeonly image2D valueImage;
layout(binding = 1, rgba8) uniform writeonly image2D colorImage;
uniform ivec2 size;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, size))) return;
    imageStore(valueImage, p, vec4(patternValue(p, size.x)));
    imageStore(colorImage, p, vec4(p.x & 255, p.y & 255, (p.x + p.y) & 255, 255) / 255.0);
}
