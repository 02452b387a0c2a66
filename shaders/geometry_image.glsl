// Access to the geometry image; the layout is documented on GeometryImagePacker (Java) and its
#define INFINITY uintBitsToFloat(0x7F800000u)
// constants (GI_*) are injected as #defines by the shader loader.
layout(binding = 0) uniform sampler2D uNodes;
layout(binding = 1) uniform sampler2D uPrimitives;
layout(binding = 2) uniform sampler2D uNormals;
layout(binding = 3) uniform sampler2D uMaterials;
layout(binding = 4) uniform sampler2D uLights;

uniform int uNodeCount;
uniform int uLightCount;

vec4 fetchTexel(sampler2D tex, int index) {
    return texelFetch(tex, ivec2(index % GI_TEXTURE_WIDTH, index / GI_TEXTURE_WIDTH), 0);
}

vec4 nodeTexel(int node, int k) { return fetchTexel(uNodes, node * GI_NODE_TEXELS + k); }
vec4 primitiveTexel(int p, int k) { return fetchTexel(uPrimitives, p * GI_PRIMITIVE_TEXELS + k); }
vec4 normalTexel(int p, int k) { return fetchTexel(uNormals, p * GI_NORMAL_TEXELS + k); }
vec4 materialTexel(int m, int k) { return fetchTexel(uMaterials, m * GI_MATERIAL_TEXELS + k); }
vec4 lightTexel(int l, int k) { return fetchTexel(uLights, l * GI_LIGHT_TEXELS + k); }
