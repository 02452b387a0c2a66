package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxNodeVariants;
import org.drtstudio.accel.GeometryImageLayout;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every texel offset and stride the shaders use is a name that Java defines (GI_*, BL_*, ...), so a
 * layout changes in one place: a texel helper ({@code nodeTexel(n, GI_NODE_LINKS)}) must not be
 * given a bare number as its offset, and no {@code fetchTexel} index may multiply by one.
 */
class ShaderTexelOffsetsTest {
    /** A call of a *Texel helper whose last argument is an integer literal alone. */
    private static final Pattern BARE_OFFSET = Pattern.compile("\\b(\\w*Texel)\\s*\\(((?:[^()]|\\([^()]*\\))*),\\s*(\\d+)\\s*\\)");
    /** A fetchTexel index with a literal stride: {@code node * 2}. */
    private static final Pattern BARE_STRIDE = Pattern.compile("\\bfetchTexel\\s*\\([^,]+,[^;]*\\*\\s*\\d+");
    private static final Pattern DEFINE_USE = Pattern.compile("\\b((?:GI|BL|AX|BOX_VARIANT|WF|DRT_BINDING)_[A-Z0-9_]+)\\b");

    static List<String> bareOffsets(String file, String source) {
        List<String> found = new ArrayList<>();
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String code = lines[i].replaceAll("//.*", "");
            Matcher m = BARE_OFFSET.matcher(code);
            while (m.find()) found.add(file + ":" + (i + 1) + ": " + m.group().trim());
            if (BARE_STRIDE.matcher(code).find()) found.add(file + ":" + (i + 1) + ": " + code.trim());
        }
        return found;
    }

    @Test
    void theDetectorFindsBareNumbers() {
        assertEquals(List.of("x.glsl:1: materialTexel(mat, 4)"), bareOffsets("x.glsl", "vec4 m = materialTexel(mat, 4).xyz;"));
        assertEquals(1, bareOffsets("x.glsl", "vec4 a = fetchTexel(uNodes, node * 2 + k);").size());
        assertEquals(List.of(), bareOffsets("x.glsl", "vec4 a = nodeTexel(node, GI_NODE_LINKS); // nodeTexel(node, 1)"));
    }

    @Test
    void noShaderUsesABareNumberAsATexelOffset() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path p : shaders()) found.addAll(bareOffsets(p.getFileName().toString(), Files.readString(p)));
        assertEquals(List.of(), found, "name the texel in Java (GeometryImageLayout, BoxLayout, ...) and use its #define");
    }

    @Test
    void everyLayoutNameTheShadersUseIsDefinedByJava() throws IOException {
        Set<String> defined = new HashSet<>(GeometryImageLayout.glslDefines().keySet());
        defined.addAll(BoxNodeVariants.glslDefines().keySet());
        defined.addAll(WavefrontLayout.glslDefines().keySet());
        defined.addAll(ShaderBinding.glslDefines().keySet());
        defined.add("BL_STACK_SHARED"); // set per kernel by the host, with a default in traverse_box.glsl
        defined.add("BL_BUFFERS"); // set per device by the host (BoxStorage), with a default in traverse_box.glsl
        List<String> undefined = new ArrayList<>();
        for (Path p : shaders()) {
            Matcher m = DEFINE_USE.matcher(Files.readString(p).replaceAll("//[^\n]*", ""));
            while (m.find()) if (!defined.contains(m.group(1))) undefined.add(p.getFileName() + ": " + m.group(1));
        }
        assertEquals(List.of(), undefined);
    }

    private static List<Path> shaders() throws IOException {
        Path dir = Path.of("shaders");
        assertTrue(Files.isDirectory(dir), "run from the project root");
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> files = s.filter(p -> p.toString().endsWith(".glsl") || p.toString().endsWith(".comp")).sorted().toList();
            assertTrue(files.size() > 10, "the shaders: " + files);
            return files;
        }
    }
}
