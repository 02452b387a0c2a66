// Textures and bump maps over the geometry image's atlas; twin of org.drtstudio.render.cpu.TextureSampler,
// function for function. Conventions (the layout is documented on GeometryImagePacker): texture
// coordinates (u, v) with v = 0 at the bottom row of the picture; texel (x, y) has its centre at
// ((x + 0.5) / width, (y + 0.5) / height); a lookup blends the four texels around (u, v) bilinearly,
// each addressed with the material's wrap mode, so filtering across an edge wraps or clamps too.
#define TWO_PI 6.283185307
#define PI 3.141592654

// A material's texture reference: first atlas texel (GI_NO_TEXTURE for none), width, height, wrap.
ivec4 materialTexture(int mat, int k) { return floatBitsToInt(materialTexel(mat, k)); }

// Texel index i of an axis with n texels; i lies in [-1, n] because coordinates are reduced first.
int wrapTexel(int i, int n, int wrap) {
    if (wrap == GI_WRAP_CLAMP) return clamp(i, 0, n - 1);
    return i < 0 ? i + n : (i >= n ? i - n : i);
}

// Bilinear lookup at (u, v): the colour, or in .x the height of a bump map.
vec3 sampleTexture(ivec4 tex, vec2 uv) {
    float u = uv.x;
    float v = uv.y;
    // A degenerate hit must not index outside the texture.
    if (!(abs(u) <= 1e30)) u = 0.0;
    if (!(abs(v) <= 1e30)) v = 0.0;
    if (tex.w == GI_WRAP_CLAMP) {
        u = clamp(u, 0.0, 1.0);
        v = clamp(v, 0.0, 1.0);
    } else {
        u = u - floor(u);
        v = v - floor(v);
    }
    float x = u * float(tex.y) - 0.5;
    float y = v * float(tex.z) - 0.5;
    float fx = floor(x);
    float fy = floor(y);
    float ax = x - fx;
    float ay = y - fy;
    int x0 = wrapTexel(int(fx), tex.y, tex.w);
    int x1 = wrapTexel(int(fx) + 1, tex.y, tex.w);
    int y0 = wrapTexel(int(fy), tex.z, tex.w) * tex.y;
    int y1 = wrapTexel(int(fy) + 1, tex.z, tex.w) * tex.y;
    vec3 t00 = textureTexel(tex.x + y0 + x0).rgb;
    vec3 t10 = textureTexel(tex.x + y0 + x1).rgb;
    vec3 t01 = textureTexel(tex.x + y1 + x0).rgb;
    vec3 t11 = textureTexel(tex.x + y1 + x1).rgb;
    vec3 bottom = t00 + ax * (t10 - t00);
    vec3 top = t01 + ax * (t11 - t01);
    return bottom + ay * (top - bottom);
}

// The factor the material's diffuse (and ambient) colour is multiplied by: its texture at uv, or 1.
vec3 diffuseTexture(int mat, vec2 uv) {
    ivec4 tex = materialTexture(mat, GI_MATERIAL_DIFFUSE_MAP);
    return tex.x == GI_NO_TEXTURE ? vec3(1.0) : sampleTexture(tex, uv);
}

// Texture coordinates on a triangle at barycentrics (b1, b2) of v1, v2: the vertices' (u in texel 0's
// w, v in texel 1's w) or, for a mesh without them, (0,0) (1,0) (1,1).
vec2 triangleTexCoords(ivec4 prim, vec2 b, out vec2 uv0, out vec2 uv1, out vec2 uv2) {
    if ((prim.w & GI_PRIMITIVE_HAS_UV) != 0) {
        uv0 = vec2(vertexTexel(prim.x, GI_VERTEX_POSITION).w, vertexTexel(prim.x, GI_VERTEX_NORMAL).w);
        uv1 = vec2(vertexTexel(prim.y, GI_VERTEX_POSITION).w, vertexTexel(prim.y, GI_VERTEX_NORMAL).w);
        uv2 = vec2(vertexTexel(prim.z, GI_VERTEX_POSITION).w, vertexTexel(prim.z, GI_VERTEX_NORMAL).w);
    } else {
        uv0 = vec2(0.0, 0.0);
        uv1 = vec2(1.0, 0.0);
        uv2 = vec2(1.0, 1.0);
    }
    float w0 = 1.0 - b.x - b.y;
    return w0 * uv0 + b.x * uv1 + b.y * uv2;
}

// dp/du, dp/dv of a triangle with edges e1 = p1 - p0, e2 = p2 - p0; zero when its UVs span no area.
void triangleFrame(vec3 e1, vec3 e2, vec2 uv0, vec2 uv1, vec2 uv2, out vec3 dpdu, out vec3 dpdv) {
    vec2 d1 = uv1 - uv0;
    vec2 d2 = uv2 - uv0;
    float det = d1.x * d2.y - d1.y * d2.x;
    dpdu = vec3(0.0);
    dpdv = vec3(0.0);
    if (det == 0.0) return;
    float inv = 1.0 / det;
    dpdu = (d2.y * e1 - d1.y * e2) * inv;
    dpdv = (d1.x * e2 - d2.x * e1) * inv;
}

// Texture coordinates on a sphere from the unit direction d of the hit from the centre (object
// space): u = 0.5 + atan2(d.x, d.z) / 2pi around the y axis, v = 1 - acos(d.y) / pi (1 at +y).
vec2 sphereTexCoords(vec3 d) {
    return vec2(0.5 + atan(d.x, d.z) / TWO_PI, 1.0 - acos(clamp(d.y, -1.0, 1.0)) / PI);
}

// dp/du, dp/dv of that parameterisation on a sphere of radius r; dp/dv is zero at the poles.
void sphereFrame(vec3 d, float r, out vec3 dpdu, out vec3 dpdv) {
    dpdu = (TWO_PI * r) * vec3(d.z, 0.0, -d.x);
    float sinTheta = sqrt(d.x * d.x + d.z * d.z);
    dpdv = vec3(0.0);
    if (sinTheta > 0.0) dpdv = (PI * r) * vec3(-d.y * d.x / sinTheta, sinTheta, -d.y * d.z / sinTheta);
}

// The unit shading normal n (object space) tilted by the material's bump map: heights at uv and one
// texel further along u and along v give the slopes dh/du, dh/dv; the surface displaced by
// scale * h along n has tangents dp/du + dh/du n and dp/dv + dh/dv n (pbrt's BumpMap without the
// dn/du terms), whose cross product, turned to n's side, is the new normal. n comes back unchanged
// without a bump map or where the tangent frame is degenerate.
vec3 bumpNormal(int mat, vec2 uv, vec3 n, vec3 dpdu, vec3 dpdv) {
    ivec4 tex = materialTexture(mat, GI_MATERIAL_BUMP_MAP);
    if (tex.x == GI_NO_TEXTURE) return n;
    vec3 frame = cross(dpdu, dpdv);
    if (!(dot(frame, frame) > 0.0)) return n;
    float scale = materialTexel(mat, GI_MATERIAL_LOBE).y;
    float h = sampleTexture(tex, uv).x;
    float dhdu = scale * (sampleTexture(tex, vec2(uv.x + 1.0 / float(tex.y), uv.y)).x - h) * float(tex.y);
    float dhdv = scale * (sampleTexture(tex, vec2(uv.x, uv.y + 1.0 / float(tex.z))).x - h) * float(tex.z);
    vec3 bumped = cross(dpdu + dhdu * n, dpdv + dhdv * n);
    float len2 = dot(bumped, bumped);
    if (!(len2 > 0.0) || isinf(len2)) return n;
    bumped *= 1.0 / sqrt(len2);
    return dot(bumped, n) < 0.0 ? -bumped : bumped;
}
