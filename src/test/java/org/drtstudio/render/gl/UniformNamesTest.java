package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every uniform name the Java side sets by a literal is declared by a shader: GL ignores a
 * misspelt name (location -1), so a typo would silently leave a uniform at zero. Runs without GL,
 * over every call site, also the ones no GL test reaches; the GL tests run with
 * {@code -Ddrt.gl.strictUniforms=true}, so a name built at run time is checked where it is set.
 */
class UniformNamesTest {
    private static final Pattern SET = Pattern.compile(
            "\\.(?:setInt|setUInt|setFloat|setIVec2|setVec2|setVec3|setVec4|setMat4|hasUniform)\\(\"(\\w+)\"");

    @Test
    void everyUniformSetByNameIsDeclaredInAShader() throws IOException {
        Set<String> declared = new HashSet<>();
        try (Stream<Path> shaders = Files.walk(Path.of("shaders"))) {
            for (Path p : shaders.filter(Files::isRegularFile).toList()) {
                declared.addAll(ComputeProgram.declaredUniforms(Files.readString(p)));
            }
        }
        Set<String> used = new TreeSet<>(), missing = new TreeSet<>();
        try (Stream<Path> java = Files.walk(Path.of("src", "main", "java"))) {
            for (Path p : java.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = SET.matcher(Files.readString(p));
                while (m.find()) {
                    used.add(m.group(1));
                    if (!declared.contains(m.group(1))) missing.add(m.group(1) + " (" + p.getFileName() + ")");
                }
            }
        }
        assertTrue(used.size() >= 40, "uniform names found in the Java sources: " + used.size());
        assertEquals(Set.of(), missing, "set by name but declared by no shader");
    }

    @Test
    void declarationsAreFoundWhateverTheirQualifiers() {
        Set<String> names = ComputeProgram.declaredUniforms("""
                layout(binding = 0, rgba32f) uniform readonly image2D uImage;
                uniform ivec2 size;
                uniform vec3 uLights[8];
                uniform Block { float inside; } block;
                float x = uniformSample(1, 2);
                """);
        assertEquals(Set.of("uImage", "size", "uLights"), names);
    }
}
