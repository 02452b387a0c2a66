// The box layout's primitives (accel.BoxLayout's packPrimitive, its twin) derived on the GPU from the
// geometry image's primitives and vertices, already there: a large mesh's 855 MB (bunny_18m) are then
// neither packed on the CPU nor sent over the bus (GlBoxPrimitives). Per primitive three texels: v0
// (a sphere's centre) with the kind; edge v1 - v0 (a sphere's radius in x); edge v2 - v0; the rest 0.
#include "geometry_image.glsl"
layout(local_size_x = 256) in;
#ifdef TO_BUFFER
layout(std430, binding = BL_PRIMITIVES_BINDING) writeonly restrict buffer BoxPrimitives { vec4 boxPrimitives[]; };
void store(int index, vec4 texel) { boxPrimitives[index] = texel; }
#else
layout(rgba32f, binding = DRT_BINDING_BOX_PRIMITIVES_OUT) writeonly restrict uniform image2D uOut;
void store(int index, vec4 texel) { imageStore(uOut, ivec2(index & (GI_TEXTURE_WIDTH - 1), index >> GI_TEXTURE_WIDTH_LOG2), texel); }
#endif
uniform int uCount;

void main() {
    int p = int((gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
    if (p >= uCount) return;
    ivec4 prim = primitiveTexel(p);
    int kind = primitiveKind(prim);
    vec4 v0 = vertexTexel(prim.x, GI_VERTEX_POSITION);
    int o = p * BL_PRIMITIVE_TEXELS;
    store(o + BL_PRIMITIVE_V0, vec4(v0.xyz, intBitsToFloat(kind)));
    if (kind == GI_KIND_SPHERE) {
        store(o + BL_PRIMITIVE_E1, vec4(v0.w, 0.0, 0.0, 0.0)); // the radius, in the position texel's w
        store(o + BL_PRIMITIVE_E2, vec4(0.0));
        return;
    }
    precise vec3 e1 = vertexTexel(prim.y, GI_VERTEX_POSITION).xyz - v0.xyz;
    precise vec3 e2 = vertexTexel(prim.z, GI_VERTEX_POSITION).xyz - v0.xyz;
    store(o + BL_PRIMITIVE_E1, vec4(e1, 0.0));
    store(o + BL_PRIMITIVE_E2, vec4(e2, 0.0));
}
