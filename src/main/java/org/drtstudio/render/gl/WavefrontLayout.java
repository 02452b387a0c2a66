package org.drtstudio.render.gl;

import org.drtstudio.accel.GlslConstants;
import org.drtstudio.render.RayStack;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The wavefront frame's memory, defined once: the fields of a slot's state, the members of the ray
 * records, the queue's header and the values a slot's walk word takes. {@link GlWavefront} sizes its
 * buffers from these numbers and {@code shaders/wavefront.glsl} receives them as {@code WF_*}
 * defines ({@link #glslDefines()}): every public int constant under its own name, and each record's
 * members as {@code WF_RAY_MEMBERS} / {@code WF_SHADOW_MEMBERS}, which the shader's structs are made
 * of, so a member added in Java changes the struct and the byte size together.
 */
public final class WavefrontLayout {
    private WavefrontLayout() {
    }

    /**
     * Invocations per work group of every wavefront pass but the trace pass (one dimension): one warp.
     * The shade pass lists its rays through shared memory between three barriers a group
     * ({@code enqueueGroup}), and its lanes' work differs widely (a miss, a surface with its lights
     * and spawned rays, a new sample); with 64 a 1080p 16-spp all-effects frame on an H200 took
     * 60.0 ms on bunny_1m, with 32 56.3 ms (128: 59.7), pictures identical (docs/BENCHMARKS.md).
     * {@code -Ddrt.wavefrontGroup=N} overrides it for measuring (1 to 1,024).
     */
    public static final int GROUP = groupSize("drt.wavefrontGroup", 32);
    /**
     * Invocations per work group of the trace pass, whose lanes hold only the walk's registers: 64
     * there measured as fast as 128 and faster than 32 (62.1 ms) or 256 (74.1 ms) on the same frame.
     * {@code -Ddrt.wavefrontTraceGroup=N} overrides it.
     */
    public static final int TRACE_GROUP = groupSize("drt.wavefrontTraceGroup", 64);

    /** The two kinds of lists: a slot's closest-hit ray, the shadow rays of the surface it shaded last. */
    public static final int CLOSEST = 0, SHADOW = 1, KINDS = 2;
    /**
     * The trace pass's dispatch, both kinds in one (its work groups walk the closest-hit list, then
     * the shadow list): its indirect arguments follow each kind's (the shade pass's are the closest-hit list's).
     */
    public static final int BOTH = KINDS;
    /** Lists of a kind: the generation being traced and the one being filled, taking turns. */
    public static final int GENERATIONS = 2;

    // What a slot's closest-hit ray is (WF_WALK's w & PHASE_MASK).
    /** A sample's camera ray. */
    public static final int PHASE_CAMERA = 0;
    /** A reflected or refracted ray. */
    public static final int PHASE_SEGMENT = 1;
    /** None: the slot's last shadow rays are traced, then it is done. */
    public static final int PHASE_FLUSH = 2;
    public static final int PHASE_DONE = 3;
    public static final int PHASE_MASK = 3;
    /** A walk of this pass exceeded its bound (trace.comp's traversalOverflowed). */
    public static final int OVERFLOWED = 4;
    /** Shadow rays of the last shaded surface are in flight. */
    public static final int SHADOWS = 8;
    /** ... and they were the last of their sample. */
    public static final int ENDS_SAMPLE = 16;
    /** ... and they are a guide chain surface's: their diffuse terms go to SAMPLE_DIFFUSE. */
    public static final int CHAIN_SHADOWS = 32;
    /** The closest ray in flight carries its sample's guide chain on (with uGuides). */
    public static final int CHAIN = 64;

    // A slot's state, field by field, each a vec4 array over the slots (field * uListCapacity + slot),
    // so the lanes of a warp read and write neighbouring vec4s. Integer fields are stored as bits.
    /** The pass's radiance sum so far, sum of squared luminances. */
    public static final int SUM_SQUARES = 0;
    /** GuideSums of the pass. */
    public static final int GUIDE_ALBEDO_HITS = 1, GUIDE_NORMAL_DEPTH = 2;
    /** The current sample's colour so far, its time. */
    public static final int COLOR_TIME = 3;
    /** Ints: pixel x, y; the current sample; the pass's end sample. */
    public static final int PLACE = 4;
    /** Ints: next segment number, stack pointer, the closest ray's segment, phase | flags. */
    public static final int WALK = 5;
    /** The closest ray in flight: throughput, depth (int bits). */
    public static final int THROUGHPUT_DEPTH = 6;
    /** The surface whose shadow rays are in flight: its ambient light ... */
    public static final int SHADED_LOCAL = 7;
    /** ... and the throughput its light is added with. */
    public static final int SHADED_THROUGHPUT = 8;
    /** GuideSums.diffuse of the pass (with uGuides). */
    public static final int GUIDE_DIFFUSE = 9;
    /** The current sample's guide chain's diffuse light; GuideSums.otherSquares of the pass. */
    public static final int SAMPLE_DIFFUSE = 10;
    /** The current sample's guide chain's albedo, 1 when its camera ray hit (with uGuides). */
    public static final int SAMPLE_ALBEDO = 11;
    /** ... its normal, the camera ray's hit distance. */
    public static final int SAMPLE_NORMAL = 12;
    /**
     * The ray stack, in two buffers of their own, its lower STACK_LOW_ENTRIES entries and the rest
     * (each buffer stays under the driver's largest storage block, 2 GB on NVIDIA's, with four slots
     * a pixel at 1080p): STACK_ENTRY_FIELDS an entry: origin and depth (int bits), direction and
     * chain (1: on it), throughput. Field k of a slot's entries in a buffer is k * uListCapacity + slot there.
     */
    public static final int STACK = 13;
    public static final int STACK_ENTRY_FIELDS = 3;
    public static final int STACK_LOW_ENTRIES = RayStack.CAPACITY / 2;
    /** The fields of a stack entry, from its first. */
    public static final int STACK_ORIGIN_DEPTH = 0, STACK_DIRECTION_CHAIN = 1, STACK_THROUGHPUT = 2;
    /** vec4 fields of a slot's state: those before the stack, in the state buffer, and the stack's. */
    public static final int STACK_FIELDS = STACK_ENTRY_FIELDS * RayStack.CAPACITY;
    public static final int FIELDS = STACK + STACK_FIELDS;
    public static final int FIELD_BYTES = 16;

    /** A member of a ray record: a 16-byte GLSL type (vec4, ivec4) and its name; std430 packs them without gaps. */
    record Member(String type, String name) {
        String declaration() {
            return type + " " + name + ";";
        }
    }

    /** A slot's closest-hit ray and, once traced, its result. */
    static final List<Member> RAY_MEMBERS = List.of(
            new Member("vec4", "originTMax"),     // tMax 0: no ray (PHASE_FLUSH)
            new Member("vec4", "directionTime"),
            new Member("vec4", "hitTUv"),         // t, uv
            new Member("ivec4", "hitIds"));       // primitive, instance, overflow, found
    /** Shadow ray l of a slot (slot * uShadowStride + l, a place per light): toward light l from the surface shaded last. */
    static final List<Member> SHADOW_MEMBERS = List.of(
            new Member("vec4", "originTMax"),
            new Member("vec4", "directionTime"),
            new Member("vec4", "light"),          // the light's term at the surface were the ray unblocked (lightContribution)
            new Member("ivec4", "result"),        // blocked, overflow
            new Member("vec4", "diffuse"));       // of light's term, the diffuse part times the throughput (diffuseContribution)
    public static final int RAY_BYTES = 16 * RAY_MEMBERS.size();
    public static final int SHADOW_BYTES = 16 * SHADOW_MEMBERS.size();

    // The queue buffer's header before its lists: counts[QUEUE_COUNTS] (entries of each generation's
    // list of each kind), args[QUEUE_ARGS] (the indirect dispatches about to run, x, y, z per kind and
    // for BOTH), padding. counts[generation * KINDS + kind]; args[kind * ARGS_PER_KIND + axis].
    public static final int ARGS_PER_KIND = 3;
    public static final int QUEUE_COUNTS = GENERATIONS * KINDS, QUEUE_ARGS = ARGS_PER_KIND * (KINDS + 1), QUEUE_PADDING = 3;
    public static final int QUEUE_HEADER_BYTES = 4 * (QUEUE_COUNTS + QUEUE_ARGS + QUEUE_PADDING);
    /** Byte offset of args in the queue buffer, and the bytes of one kind's dispatch. */
    public static final int ARGS_OFFSET = 4 * QUEUE_COUNTS, ARGS_BYTES_PER_KIND = 4 * ARGS_PER_KIND;

    /** A work group size from a system property, within what every GL 4.3 driver takes (1 to 1,024). */
    private static int groupSize(String property, int otherwise) {
        return Math.max(1, Math.min(1024, Integer.getInteger(property, otherwise)));
    }

    /** The {@code WF_*} defines: every constant above, and the ray records' members. */
    public static Map<String, String> glslDefines() {
        Map<String, String> d = new LinkedHashMap<>(GlslConstants.of(WavefrontLayout.class, "WF_"));
        d.put("WF_RAY_MEMBERS", members(RAY_MEMBERS));
        d.put("WF_SHADOW_MEMBERS", members(SHADOW_MEMBERS));
        return d;
    }

    private static String members(List<Member> members) {
        return members.stream().map(Member::declaration).collect(Collectors.joining(" "));
    }
}
