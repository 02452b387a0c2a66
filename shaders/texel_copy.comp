// Texels copied from a storage buffer into an RGBA32F texture, bit for bit (as uints, so that the
// integer fields the geometry image keeps in float bits pass unchanged): StagedUpload's way into a
// texture on a GPU, whose driver wrote a texture from a pixel-unpack buffer at about 2 GB/s (H200)
// where its copy engine fills a buffer at 30-40 GB/s (TexelCopy).
layout(local_size_x = 256) in;
layout(std430, binding = DRT_BINDING_TEXEL_COPY_SOURCE) readonly restrict buffer Source { uvec4 source[]; };
layout(rgba32ui, binding = DRT_BINDING_TEXEL_COPY_OUT) writeonly restrict uniform uimage2D uOut;
uniform int uSourceFirst; // the first texel's index in the source buffer
uniform int uFirst;       // ... and in the texture, rows of uWidth texels from the top
uniform int uWidth;
uniform int uCount;

void main() {
    int i = int((gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
    if (i >= uCount) return;
    int t = uFirst + i;
    imageStore(uOut, ivec2(t % uWidth, t / uWidth), source[uSourceFirst + i]);
}
