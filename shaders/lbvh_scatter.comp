// The sort pass's scatter: a key goes after every key of a smaller digit and after the keys of its
// own digit before it (its scanned rank), so the pass is stable and the passes sort by the whole key.
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_LBVH_KEYS) readonly buffer Keys { uint keys[]; };
layout(std430, binding = DRT_BINDING_LBVH_VALUES) readonly buffer Values { uint values[]; };
layout(std430, binding = DRT_BINDING_LBVH_KEYS_OUT) writeonly buffer KeysOut { uint keysOut[]; };
layout(std430, binding = DRT_BINDING_LBVH_VALUES_OUT) writeonly buffer ValuesOut { uint valuesOut[]; };
layout(std430, binding = DRT_BINDING_LBVH_DIGITS) readonly buffer Ranks { uvec4 ranks[]; };
layout(std430, binding = DRT_BINDING_LBVH_DIGIT_TOTALS) readonly buffer Totals { uvec4 totals; };
uniform uint uCount;
uniform uint uShift;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= uCount) return;
    uint key = keys[i], d = key >> uShift & 3u;
    uvec4 t = totals;
    uint start = d == 0u ? 0u : d == 1u ? t.x : d == 2u ? t.x + t.y : t.x + t.y + t.z;
    uint to = start + ranks[i][d];
    keysOut[to] = key;
    valuesOut[to] = values[i];
}
