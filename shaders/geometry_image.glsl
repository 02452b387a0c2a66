// Access to the geometry image; the layout is documented on GeometryImagePacker (Java) and its
// constants (GI_*) are injected as #defines by the shader loader.
#define INFINITY uintBitsToFloat(0x7F800000u)
layout(binding = DRT_BINDING_NODES) uniform sampler2D uNodes;
layout(binding = DRT_BINDING_PRIMITIVES) uniform sampler2D uPrimitives;
layout(binding = DRT_BINDING_VERTICES) uniform sampler2D uVertices;
layout(binding = DRT_BINDING_MATERIALS) uniform sampler2D uMaterials;
layout(binding = DRT_BINDING_LIGHTS) uniform sampler2D uLights;
layout(binding = DRT_BINDING_TOP_NODES) uniform sampler2D uTopNodes;
layout(binding = DRT_BINDING_INSTANCES) uniform sampler2D uInstances;
layout(binding = DRT_BINDING_TEXTURES) uniform sampler2D uTextures;

uniform int uStepBound;   // nodes one walk may visit at most; more means a corrupt image
uniform int uLightCount;
// TEXTURED (true/false) is defined by GlRenderer, which compiles the tracer twice: scenes whose atlas
// holds no image run the variant without the texture code. Removing it at compile time matters:
// llvmpipe runs branches masked, uniform ones too, and the skipped code cost untextured scenes
// 5-9% (Cornell box, 320x240, 64 spp; see docs/ARCHITECTURE.md).

// Texel index to (column, row). Indices are never negative and the width is a power of two, so a
// mask and a shift do it; signed % and / would add sign fix-ups that llvmpipe executes on every fetch.
vec4 fetchTexel(sampler2D tex, int index) {
    return texelFetch(tex, ivec2(index & (GI_TEXTURE_WIDTH - 1), index >> GI_TEXTURE_WIDTH_LOG2), 0);
}

vec4 nodeTexel(int node, int k) { return fetchTexel(uNodes, node * GI_NODE_TEXELS + k); }
// A primitive: vertex indices (xyz; a sphere uses x only) and the info word w (kind, has-uv, material).
ivec4 primitiveTexel(int p) { return floatBitsToInt(fetchTexel(uPrimitives, p * GI_PRIMITIVE_TEXELS)); }
int primitiveKind(ivec4 prim) { return prim.w & GI_PRIMITIVE_KIND_MASK; }
int primitiveMaterial(ivec4 prim) { return prim.w >> GI_PRIMITIVE_MATERIAL_SHIFT; }
// Vertex texel 0: position.xyz, u (a sphere: centre.xyz, radius); texel 1: normal.xyz, v.
vec4 vertexTexel(int v, int k) { return fetchTexel(uVertices, v * GI_VERTEX_TEXELS + k); }
// A triangle's v0 and edges v1 - v0, v2 - v0, computed as the CPU tracer computes them.
void triangleEdges(ivec4 prim, out vec3 p0, out vec3 e1, out vec3 e2) {
    p0 = vertexTexel(prim.x, GI_VERTEX_POSITION).xyz;
    e1 = vertexTexel(prim.y, GI_VERTEX_POSITION).xyz - p0;
    e2 = vertexTexel(prim.z, GI_VERTEX_POSITION).xyz - p0;
}
vec4 materialTexel(int m, int k) { return fetchTexel(uMaterials, m * GI_MATERIAL_TEXELS + k); }
vec4 lightTexel(int l, int k) { return fetchTexel(uLights, l * GI_LIGHT_TEXELS + k); }
vec4 topNodeTexel(int node, int k) { return fetchTexel(uTopNodes, node * GI_NODE_TEXELS + k); }
vec4 instanceTexel(int i, int k) { return fetchTexel(uInstances, i * GI_INSTANCE_TEXELS + k); }
vec4 textureTexel(int i) { return fetchTexel(uTextures, i); }

uniform bool uMotion;  // some instance moves during the shutter

// World-to-object rows of an instance at shutter time t: the open rows, or with motion the linear
// blend of open and close rows (exact for translations). Twin of Traversal.instanceRows.
void instanceRows(int i, float t, out vec4 r0, out vec4 r1, out vec4 r2) {
    r0 = instanceTexel(i, GI_INSTANCE_TO_OBJECT_OPEN);
    r1 = instanceTexel(i, GI_INSTANCE_TO_OBJECT_OPEN + 1);
    r2 = instanceTexel(i, GI_INSTANCE_TO_OBJECT_OPEN + 2);
    if (uMotion) {
        r0 += t * (instanceTexel(i, GI_INSTANCE_TO_OBJECT_CLOSE) - r0);
        r1 += t * (instanceTexel(i, GI_INSTANCE_TO_OBJECT_CLOSE + 1) - r1);
        r2 += t * (instanceTexel(i, GI_INSTANCE_TO_OBJECT_CLOSE + 2) - r2);
    }
}

// A world ray carried into an instance's object space at shutter time t (direction not renormalised,
// so hit distances stay world distances).
void toObjectRay(int i, float t, vec3 o, vec3 d, out vec3 lo, out vec3 ld) {
    vec4 r0, r1, r2;
    instanceRows(i, t, r0, r1, r2);
    lo = vec3(dot(r0, vec4(o, 1.0)), dot(r1, vec4(o, 1.0)), dot(r2, vec4(o, 1.0)));
    ld = vec3(dot(r0.xyz, d), dot(r1.xyz, d), dot(r2.xyz, d));
}

// Object-space normal to world space by the inverse transpose: a sum of the inverse's rows. Not normalised.
vec3 toWorldNormal(vec4 r0, vec4 r1, vec4 r2, vec3 n) {
    return n.x * r0.xyz + n.y * r1.xyz + n.z * r2.xyz;
}
