// Deliberately broken on line 6, after an include: checks the #line emitted after an include.
#include "lib/pattern_value.glsl"
layout(local_size_x = 1) in;
void main() {
    float ok = patternValue(ivec2(0), 1);
    undeclaredName = ok;
}
