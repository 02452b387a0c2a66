// Access to the geometry image; the layout is documented on GeometryImagePacker (Java) and its
#define INFINITY uintBitsToFloat(0x7F800000u)
// constants (GI_*) are injected as #defines by the shader loader.
layout(binding = 0) uniform sampler2D uNodes;
layout(binding = 1) uniform sampler2D uPrimitives;
layout(binding = 2) uniform sampler2D uNormals;
layout(binding = 3) uniform sampler2D uMaterials;
layout(binding = 4) uniform sampler2D uLights;
layout(binding = 5) uniform sampler2D uTopNodes;
layout(binding = 6) uniform sampler2D uInstances;

uniform int uStepBound;   // nodes one walk may visit at most; more means a corrupt image
uniform int uLightCount;

vec4 fetchTexel(sampler2D tex, int index) {
    return texelFetch(tex, ivec2(index % GI_TEXTURE_WIDTH, index / GI_TEXTURE_WIDTH), 0);
}

vec4 nodeTexel(int node, int k) { return fetchTexel(uNodes, node * GI_NODE_TEXELS + k); }
vec4 primitiveTexel(int p, int k) { return fetchTexel(uPrimitives, p * GI_PRIMITIVE_TEXELS + k); }
vec4 normalTexel(int p, int k) { return fetchTexel(uNormals, p * GI_NORMAL_TEXELS + k); }
vec4 materialTexel(int m, int k) { return fetchTexel(uMaterials, m * GI_MATERIAL_TEXELS + k); }
vec4 lightTexel(int l, int k) { return fetchTexel(uLights, l * GI_LIGHT_TEXELS + k); }
vec4 topNodeTexel(int node, int k) { return fetchTexel(uTopNodes, node * GI_NODE_TEXELS + k); }
vec4 instanceTexel(int i, int k) { return fetchTexel(uInstances, i * GI_INSTANCE_TEXELS + k); }

// Point and direction from world to the object space of an instance (world-to-object rows at shutter open).
vec3 toObjectPoint(int i, vec3 p) {
    return vec3(dot(instanceTexel(i, 0), vec4(p, 1.0)), dot(instanceTexel(i, 1), vec4(p, 1.0)), dot(instanceTexel(i, 2), vec4(p, 1.0)));
}
vec3 toObjectDirection(int i, vec3 d) {
    return vec3(dot(instanceTexel(i, 0).xyz, d), dot(instanceTexel(i, 1).xyz, d), dot(instanceTexel(i, 2).xyz, d));
}
// Object-space normal to world space by the inverse transpose: a sum of the inverse's rows. Not normalised.
vec3 toWorldNormal(int i, vec3 n) {
    return n.x * instanceTexel(i, 0).xyz + n.y * instanceTexel(i, 1).xyz + n.z * instanceTexel(i, 2).xyz;
}
