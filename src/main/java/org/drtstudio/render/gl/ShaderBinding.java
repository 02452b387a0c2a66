package org.drtstudio.render.gl;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The binding slots of the shaders' images, storage buffers and samplers, each named once: Java binds
 * through a constant here ({@code accumulation.bindImage(ShaderBinding.ACCUMULATION, ...)}) and the
 * shader declares {@code layout(binding = DRT_BINDING_ACCUMULATION, ...)}, a define every program
 * loaded by {@link ComputeProgram#load} receives ({@link #glslDefines()}). A slot is per kind (image
 * units, storage-buffer bindings and texture units are separate name spaces) and per program, so two
 * names may share a number when no program declares both. The layouts in {@code accel} name their
 * own slots beside their data ({@code BoxLayout.NODES_UNIT}, {@code SpatialLayout.WORDS_UNIT},
 * {@code EnvironmentMap.BINDING}, {@code PortalLayout}); the trace programs' slots are checked
 * against each other by {@code ShaderBindingTest}.
 */
public enum ShaderBinding {
    // The geometry image's textures (geometry_image.glsl), bound by GeometryImageTextures.
    NODES(Kind.SAMPLER, 0), PRIMITIVES(Kind.SAMPLER, 1), VERTICES(Kind.SAMPLER, 2), MATERIALS(Kind.SAMPLER, 3),
    LIGHTS(Kind.SAMPLER, 4), TOP_NODES(Kind.SAMPLER, 5), INSTANCES(Kind.SAMPLER, 6), TEXTURES(Kind.SAMPLER, 7),

    // A frame's pixels (frame_pixels.glsl: trace.comp; converge.comp, resolve.comp).
    ACCUMULATION(Kind.IMAGE, 0), SAMPLE_STATE(Kind.IMAGE, 1),
    DIAGNOSTICS(Kind.BUFFER, 0), ACTIVE_PIXELS(Kind.BUFFER, 1), ACTIVE_LIST(Kind.BUFFER, 2),
    // A pass's guide sums (guide_sums.glsl).
    GUIDE_ALBEDO_HITS(Kind.IMAGE, 3), GUIDE_NORMAL_DEPTH(Kind.IMAGE, 4), DIFFUSE_SUMS(Kind.IMAGE, 5), OTHER_SQUARES(Kind.IMAGE, 6),
    // The guide pass (aov.comp), beside SAMPLE_STATE: the guide sums with its samples added.
    GUIDE_COUNTS(Kind.IMAGE, 2), TOTAL_ALBEDO_HITS(Kind.IMAGE, 3), TOTAL_NORMAL_DEPTH(Kind.IMAGE, 4),
    OWN_ALBEDO_HITS(Kind.IMAGE, 5), OWN_NORMAL_DEPTH(Kind.IMAGE, 6),
    // The picture shown (resolve.comp), beside ACCUMULATION.
    DISPLAY(Kind.IMAGE, 1), RESOLVE_SAMPLE_STATE(Kind.IMAGE, 2),
    // The wavefront's memory (wavefront.glsl), after the frame's buffers.
    WAVEFRONT_STATES(Kind.BUFFER, 8), WAVEFRONT_RAYS(Kind.BUFFER, 9), WAVEFRONT_QUEUE(Kind.BUFFER, 10), WAVEFRONT_SHADOWS(Kind.BUFFER, 11),
    // ... its ray stacks after the box layout's buffers (BoxLayout.NODES_BINDING, PRIMITIVES_BINDING):
    // the lower entries and the upper ones in buffers of their own (WavefrontLayout.STACK_LOW_ENTRIES).
    WAVEFRONT_STACKS(Kind.BUFFER, 14), WAVEFRONT_STACKS_HIGH(Kind.BUFFER, 15),

    // A pass's sums resolved into a frame's arrays (pixel_arrays.comp, GlPixelArrays).
    ARRAYS_SUMS(Kind.IMAGE, 0), ARRAYS_STATE(Kind.IMAGE, 1), ARRAYS_ALBEDO_HITS(Kind.IMAGE, 2), ARRAYS_FOUR(Kind.IMAGE, 3),
    ARRAYS_OTHER_SQUARES(Kind.IMAGE, 4), ARRAYS_OUT_A(Kind.IMAGE, 5), ARRAYS_OUT_B(Kind.IMAGE, 6), ARRAYS_OUT_C(Kind.IMAGE, 7),

    // The denoiser's filter (denoise.comp).
    DENOISE_INPUT(Kind.IMAGE, 0), DENOISE_NORMAL_DEPTH(Kind.IMAGE, 1), DENOISE_ALBEDO(Kind.IMAGE, 2), DENOISE_OUTPUT(Kind.IMAGE, 3),
    // The denoiser's stages (denoise_stages.comp): its inputs as buffers, its working pictures as images.
    STAGE_RADIANCE(Kind.BUFFER, 0), STAGE_PART_VARIANCE(Kind.BUFFER, 1), STAGE_ALBEDO(Kind.BUFFER, 2), STAGE_NORMALS(Kind.BUFFER, 3),
    STAGE_DEPTH(Kind.BUFFER, 4), STAGE_DIFFUSE(Kind.BUFFER, 5), STAGE_OWN_ALBEDO(Kind.BUFFER, 6), STAGE_RESULT(Kind.BUFFER, 7),
    STAGE_PREPARED(Kind.IMAGE, 0), STAGE_BLURRED(Kind.IMAGE, 1), STAGE_NORMAL_DEPTH(Kind.IMAGE, 2), STAGE_ALBEDO_IMAGE(Kind.IMAGE, 3),
    STAGE_FILTERED(Kind.IMAGE, 4),

    // The GPU's linear BVH build (lbvh_*.comp, GlLinearBvhBuilder): the mesh, the sort's keys and
    // values (read and written: the sort ping-pongs between the two pairs), its digit sums, the tree.
    LBVH_POSITIONS(Kind.BUFFER, 0), LBVH_INDICES(Kind.BUFFER, 1), LBVH_BOUNDS(Kind.BUFFER, 2),
    LBVH_KEYS(Kind.BUFFER, 3), LBVH_VALUES(Kind.BUFFER, 4), LBVH_KEYS_OUT(Kind.BUFFER, 5), LBVH_VALUES_OUT(Kind.BUFFER, 6),
    LBVH_DIGITS(Kind.BUFFER, 7), LBVH_SCAN_SUMS(Kind.BUFFER, 8), LBVH_DIGIT_TOTALS(Kind.BUFFER, 9),
    LBVH_NODES(Kind.BUFFER, 10), LBVH_PARENTS(Kind.BUFFER, 11), LBVH_VISITS(Kind.BUFFER, 12), LBVH_HEIGHTS(Kind.BUFFER, 13),
    // Each inner node's leaves and first slot (LinearBvh.SubtreeSizes, with the heights).
    LBVH_LEAVES(Kind.BUFFER, 14), LBVH_FIRST_SLOTS(Kind.BUFFER, 15),
    // The box layout's primitives made on the GPU (box_primitives.comp, GlBoxPrimitives) into a texture; into a
    // storage buffer they go to BoxLayout.PRIMITIVES_BINDING, where the walk reads them.
    BOX_PRIMITIVES_OUT(Kind.IMAGE, 0),
    // A staged upload's texels written into a texture (texel_copy.comp, TexelCopy).
    TEXEL_COPY_SOURCE(Kind.BUFFER, 0), TEXEL_COPY_OUT(Kind.IMAGE, 0),

    // The benchmarks' kernels (ray_bench.comp, traversal_bench.comp).
    BENCH_HIT_POINT(Kind.IMAGE, 0), BENCH_HIT_NORMAL(Kind.IMAGE, 1), BENCH_OUT(Kind.IMAGE, 2), BENCH_COUNTERS(Kind.BUFFER, 0),
    // The float-bits probe's kernel (FloatBitsRoundTrip).
    PROBE_INPUT(Kind.SAMPLER, 0), PROBE_OUTPUT(Kind.IMAGE, 0);

    /** The three name spaces of binding points. */
    public enum Kind { IMAGE, BUFFER, SAMPLER }

    private final Kind kind;
    private final int slot;

    ShaderBinding(Kind kind, int slot) {
        this.kind = kind;
        this.slot = slot;
    }

    public Kind kind() { return kind; }

    public int slot() { return slot; }

    /** The slot of a binding of {@code expected}'s kind; another kind is a programming error named here. */
    int slotFor(Kind expected) {
        if (kind != expected) throw new IllegalArgumentException(this + " is a " + kind.name().toLowerCase() + " binding, bound as " + expected.name().toLowerCase());
        return slot;
    }

    /** The define a shader declares the binding with. */
    public String defineName() {
        return "DRT_BINDING_" + name();
    }

    /** {@code DRT_BINDING_<NAME> -> slot} for every binding. */
    public static Map<String, String> glslDefines() {
        Map<String, String> d = new LinkedHashMap<>();
        Stream.of(values()).forEach(b -> d.put(b.defineName(), Integer.toString(b.slot)));
        return d;
    }
}
