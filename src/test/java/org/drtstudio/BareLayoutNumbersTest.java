package org.drtstudio;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The GPU data's layout is defined once, in Java, and read by name on both sides (issue 43): a
 * record's fields through {@code GeometryImageLayout}'s and {@code BoxLayout}'s named offsets, a
 * binding slot through {@code render.gl.ShaderBinding}, the wavefront's slot through
 * {@code render.gl.WavefrontLayout}. This test reads the sources and fails on a number written where
 * one of those names belongs: a numeric {@code layout(binding = N)} in a shader, a
 * {@code bindImage(N}, {@code bindBase(N} or {@code bindSampler(N} in Java, a packed array indexed
 * {@code [base + N]} with N ≥ 4 (a field past the record's first texel) in the packer and the CPU
 * twin, a {@code *Texel(record, N)} helper given a bare texel, or a layout name a shader defines for
 * itself instead of receiving it from Java.
 */
class BareLayoutNumbersTest {
    private static final Pattern NUMERIC_BINDING = Pattern.compile("layout\\s*\\([^)]*\\bbinding\\s*=\\s*\\d");
    private static final Pattern NUMERIC_BIND_CALL = Pattern.compile("\\.bind(?:Image|Base|Sampler)\\(\\s*\\d");
    /** An index expression: what lies between one pair of brackets (no nested brackets). */
    private static final Pattern INDEX = Pattern.compile("\\b(\\w+(?:\\(\\))?)\\[([^\\[\\]]*)\\]");
    /** A term "+ N" of an index: N alone, not a factor of a product ({@code + 4 * r} is a stride). */
    private static final Pattern ADDED_NUMBER = Pattern.compile("\\+\\s*(\\d+)\\s*(?=$|[+\\-)])");
    private static final Pattern TEXEL_HELPER_NUMBER = Pattern.compile("\\b\\w*Texel\\(((?:[^()]|\\([^()]*\\))*),\\s*(\\d+)\\s*\\)");
    private static final Pattern LAYOUT_DEFINE = Pattern.compile("^\\s*#\\s*define\\s+((?:GI|BL|AX|WF|DRT_BINDING)_\\w+)", Pattern.MULTILINE);

    /** Files that write or read the packed geometry image: the packer, its checks, the CPU twin and production walks. */
    private static final List<String> PACKED_DATA_FILES = List.of(
            "src/main/java/org/drtstudio/accel/GeometryImagePacker.java",
            "src/main/java/org/drtstudio/accel/GeometryImageBuilder.java",
            "src/main/java/org/drtstudio/accel/GeometryImageValidator.java",
            "src/main/java/org/drtstudio/accel/ShapeHierarchyBuilder.java",
            "src/main/java/org/drtstudio/accel/ShapePrimitives.java",
            "src/main/java/org/drtstudio/accel/BoxLayout.java",
            "src/main/java/org/drtstudio/render/sampling/LensLight.java");
    private static final String CPU_TWIN = "src/main/java/org/drtstudio/render/cpu";

    /**
     * Arrays indexed past their fourth float that are not packed GPU records, per file, with the reason.
     * An entry here must say why the array is not the GPU's data.
     */
    private static final Map<String, Set<String>> NOT_GPU_RECORDS = Map.of(
            // The octant-ordered box layouts of BoxNodeVariants (8 floats: lo, link | hi, leaf), kept for the
            // traversal experiment only; the renderer's walk reads BoxLayout.
            "GeometryImageValidator.java", Set.of("boxes", "a", "b"),
            // WideBoxLayout's structure-of-arrays nodes: the Java CPU walk's own layout, no shader reads it.
            "WideTraversal.java", Set.of("b"),
            // The CPU ray benchmark's per-ray hit records (point, normal), written and read in this class only.
            "CpuRayThroughput.java", Set.of("hits"),
            // The portal kernel's rays (render.PortalRayLayout: origin, tMax | direction, 0), which
            // voxel_rays.comp reads as two vec4s; not the geometry image. Named in PortalRayLayout's
            // RAY_FLOATS only: debt left to the portal work, which changes these files.
            "PortalRays.java", Set.of("rays"),
            // A per-thread cache of a probe's hit, Java only.
            "ProbeCache.java", Set.of("values"),
            // A triangle's three corners (9 floats) handed to the grid's insertion test.
            "ShapePrimitives.java", Set.of("out"));

    static List<String> numericBindings(String file, String glsl) {
        List<String> found = new ArrayList<>();
        String[] lines = glsl.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String code = lines[i].replaceAll("//.*", "");
            if (NUMERIC_BINDING.matcher(code).find()) found.add(file + ":" + (i + 1) + ": " + code.trim());
        }
        return found;
    }

    static List<String> numericBindCalls(String file, String java) {
        List<String> found = new ArrayList<>();
        String[] lines = java.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String code = lines[i].replaceAll("//.*", "");
            if (NUMERIC_BIND_CALL.matcher(code).find()) found.add(file + ":" + (i + 1) + ": " + code.trim());
        }
        return found;
    }

    /** {@code [base + N]} with N ≥ 4 and {@code *Texel(record, N)}, except on the arrays {@code allowed}. */
    static List<String> bareOffsets(String file, String java, Set<String> allowed) {
        List<String> found = new ArrayList<>();
        String[] lines = java.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String code = lines[i].replaceAll("//.*", "");
            if (code.trim().startsWith("*")) continue; // Javadoc
            Matcher index = INDEX.matcher(code);
            while (index.find()) {
                String array = index.group(1).replace("()", "");
                if (allowed.contains(array)) continue;
                Matcher n = ADDED_NUMBER.matcher(index.group(2));
                while (n.find()) {
                    if (Integer.parseInt(n.group(1)) >= 4) found.add(file + ":" + (i + 1) + ": " + index.group().trim());
                }
            }
            Matcher helper = TEXEL_HELPER_NUMBER.matcher(code);
            while (helper.find()) found.add(file + ":" + (i + 1) + ": " + helper.group().trim());
        }
        return found;
    }

    @Test
    void theDetectorsFindBareNumbers() {
        assertEquals(1, numericBindings("x.comp", "layout(std430, binding = 2) buffer B { int b[]; };").size());
        assertEquals(1, numericBindings("x.comp", "layout(binding = 0, rgba32f) uniform image2D uA;").size());
        assertEquals(List.of(), numericBindings("x.comp", "layout(binding = DRT_BINDING_A, rgba32f) uniform image2D uA; // binding = 0"));
        assertEquals(1, numericBindCalls("X.java", "accumulation.bindImage(0, ImageAccess.READ_WRITE);").size());
        assertEquals(1, numericBindCalls("X.java", "list.bindBase(2);").size());
        assertEquals(List.of(), numericBindCalls("X.java", "list.bindBase(ShaderBinding.ACTIVE_LIST);"));
        assertEquals(1, bareOffsets("X.java", "float t = materials[mat + 11];", Set.of()).size());
        assertEquals(1, bareOffsets("X.java", "int r = bits(instances[4 * (INSTANCE_TEXELS * k + 12)]);", Set.of()).size());
        assertEquals(1, bareOffsets("X.java", "out[o + 4 + a] = hi[a];", Set.of()).size());
        assertEquals(1, bareOffsets("X.java", "float s = materials[materialTexel(mat, 4) + 1];", Set.of()).size());
        assertEquals(1, bareOffsets("X.java", "int n = bits(gi.instances()[o + 48]);", Set.of()).size());
        assertEquals(List.of(), bareOffsets("X.java", "dst[o + 4 * r + 3] = row.w; float x = v[o + 3];", Set.of()));
        assertEquals(List.of(), bareOffsets("X.java", "float t = materials[mat + MaterialField.TRANSPARENCY];", Set.of()));
        assertEquals(List.of(), bareOffsets("X.java", "walk[w + 5] = dz;", Set.of("walk")));
    }

    @Test
    void noShaderBindsANumberedSlot() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path p : files(Path.of("shaders"), ".glsl", ".comp")) found.addAll(numericBindings(p.getFileName().toString(), Files.readString(p)));
        assertEquals(List.of(), found, "name the slot in render.gl.ShaderBinding and use its DRT_BINDING_ define");
    }

    @Test
    void noJavaBindsANumberedSlot() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path p : files(Path.of("src/main/java"), ".java")) found.addAll(numericBindCalls(p.getFileName().toString(), Files.readString(p)));
        assertEquals(List.of(), found, "bind through render.gl.ShaderBinding");
    }

    @Test
    void thePackerAndTheCpuTwinIndexRecordsByName() throws IOException {
        List<Path> sources = new ArrayList<>(files(Path.of(CPU_TWIN), ".java"));
        for (String f : PACKED_DATA_FILES) sources.add(Path.of(f));
        List<String> found = new ArrayList<>();
        for (Path p : sources) {
            String name = p.getFileName().toString();
            found.addAll(bareOffsets(name, Files.readString(p), NOT_GPU_RECORDS.getOrDefault(name, Set.of())));
        }
        assertEquals(List.of(), found, "index a packed record with GeometryImageLayout's or BoxLayout's *Field offsets");
    }

    @Test
    void noShaderDefinesALayoutNameJavaOwns() throws IOException {
        // Defaults a host may override per kernel, given in the shader under #ifndef.
        Set<String> hostDefaults = Set.of("BL_STACK_SHARED", "BL_BUFFERS");
        List<String> found = new ArrayList<>();
        for (Path p : files(Path.of("shaders"), ".glsl", ".comp")) {
            Matcher m = LAYOUT_DEFINE.matcher(Files.readString(p));
            while (m.find()) if (!hostDefaults.contains(m.group(1))) found.add(p.getFileName() + ": " + m.group(1));
        }
        assertEquals(List.of(), found, "define the name in Java (a layout class) so both sides share one value");
    }

    private static List<Path> files(Path dir, String... endings) throws IOException {
        assertTrue(Files.isDirectory(dir), "run from the project root: " + dir);
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> found = s.filter(p -> Stream.of(endings).anyMatch(e -> p.toString().endsWith(e))).sorted().toList();
            assertFalse(found.isEmpty(), "no sources under " + dir);
            return found;
        }
    }
}
