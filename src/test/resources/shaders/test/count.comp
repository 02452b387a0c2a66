// Counts its invocations inside a size.x × size.y grid (one atomic add each), so a test can tell
// how many dispatches of that grid ran.
layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, binding = 0) buffer Counter { uint invocations; };
uniform ivec2 size;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, size))) return;
    atomicAdd(invocations, 1u);
}
