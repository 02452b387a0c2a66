// The included helper has a syntax error on its line 4.
#include "lib/broken_helper.glsl"
layout(local_size_x = 1) in;
void main() {
    helper();
}
