package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The loader is plain text work: these tests need no GL. */
@Timeout(10)
class ShaderLoaderTest {

    @Test
    void prependsVersionThenDefinesInOrderThenLineDirectives() {
        ShaderLoader loader = ShaderLoader.fromStrings(Map.of(
                "a.comp", "void main() {\n#include \"inc/b.glsl\"\n  x();\n}\n",
                "inc/b.glsl", "// b\nvoid x() {}\n"));
        Map<String, String> defines = new LinkedHashMap<>();
        defines.put("NODE_TEXELS", "2");
        defines.put("ALPHA", "1.5");
        defines.put("FLAG", "");
        ShaderSource source = loader.load("a.comp", defines);
        assertEquals("""
                #version 430 core
                #define NODE_TEXELS 2
                #define ALPHA 1.5
                #define FLAG
                #line 1 0
                void main() {
                #line 1 1
                // b
                void x() {}
                #line 3 0
                  x();
                }
                """, source.text());
        assertEquals(List.of("a.comp", "inc/b.glsl"), source.files());
    }

    @Test
    void keepsTheFilesOwnVersionAndCountsLinesAfterIt() {
        ShaderLoader loader = ShaderLoader.fromStrings(Map.of(
                "v.comp", "// header comment\n#version 460 core\nvoid main() {}\n"));
        ShaderSource source = loader.load("v.comp", Map.of("A", "1"));
        assertEquals("#version 460 core\n#define A 1\n#line 3 0\nvoid main() {}\n", source.text());
    }

    @Test
    void resolvesIncludesRelativeToTheIncludingFileOrTheRoot() {
        ShaderLoader loader = ShaderLoader.fromStrings(Map.of(
                "trace/main.comp", "#include \"../common/a.glsl\"\n#include \"/common/b.glsl\"\n",
                "common/a.glsl", "#include \"./b.glsl\"\nA\n",
                "common/b.glsl", "B\n"));
        ShaderSource source = loader.load("trace/main.comp", Map.of());
        assertEquals(List.of("trace/main.comp", "common/a.glsl", "common/b.glsl"), source.files());
        assertTrue(source.text().contains("B\n#line 2 1\nA\n"), source.text());
    }

    @Test
    void includesAFileOncePerProgram() {
        ShaderLoader loader = ShaderLoader.fromStrings(Map.of(
                "m.comp", "#include \"x.glsl\"\n#include \"y.glsl\"\n",
                "x.glsl", "#include \"common.glsl\"\nX\n",
                "y.glsl", "#include \"common.glsl\"\nY\n",
                "common.glsl", "COMMON\n"));
        String text = loader.load("m.comp", Map.of()).text();
        assertEquals(text.indexOf("COMMON"), text.lastIndexOf("COMMON"), text);
    }

    @Test
    void anIncludeCycleIsAnErrorNamingTheChain() {
        ShaderLoader loader = ShaderLoader.fromStrings(Map.of(
                "c.comp", "#include \"a.glsl\"\n",
                "a.glsl", "// a\n#include \"b.glsl\"\n",
                "b.glsl", "#include \"a.glsl\"\n"));
        ShaderCompileException e = assertThrows(ShaderCompileException.class, () -> loader.load("c.comp", Map.of()));
        assertEquals("#include cycle: c.comp -> a.glsl -> b.glsl -> a.glsl (at b.glsl:1)", e.getMessage());
    }

    @Test
    void aMissingIncludeNamesTheIncludingFileAndLine() {
        ShaderLoader loader = ShaderLoader.fromStrings(Map.of("m.comp", "\n\n#include \"nope.glsl\"\n"));
        ShaderCompileException e = assertThrows(ShaderCompileException.class, () -> loader.load("m.comp", Map.of()));
        assertEquals("m.comp:3: shader file not found: nope.glsl", e.getMessage());
        assertThrows(ShaderCompileException.class, () -> loader.load("absent.comp", Map.of()));
    }

    @Test
    void rejectsMalformedIncludesBadDefinesAndEscapingPaths() {
        ShaderLoader loader = ShaderLoader.fromStrings(Map.of(
                "angle.comp", "#include <x.glsl>\n",
                "up.comp", "#include \"../x.glsl\"\n",
                "ok.comp", "void main() {}\n",
                "v.comp", "#include \"v.glsl\"\n",
                "v.glsl", "#version 430\n"));
        assertTrue(assertThrows(ShaderCompileException.class, () -> loader.load("angle.comp", Map.of()))
                .getMessage().startsWith("angle.comp:1: malformed #include"));
        assertTrue(assertThrows(ShaderCompileException.class, () -> loader.load("up.comp", Map.of()))
                .getMessage().contains("leaves the shader folder"));
        assertTrue(assertThrows(ShaderCompileException.class, () -> loader.load("ok.comp", Map.of("2BAD", "1")))
                .getMessage().contains("'2BAD' is not a GLSL identifier"));
        assertTrue(assertThrows(ShaderCompileException.class, () -> loader.load("ok.comp", Map.of("A", "1\n2")))
                .getMessage().contains("one-line value"));
        assertEquals("v.glsl:1: #version belongs in the main file only",
                assertThrows(ShaderCompileException.class, () -> loader.load("v.comp", Map.of())).getMessage());
    }

    @Test
    void loadsFromTheClasspathShaderFolder() {
        ShaderSource source = ShaderLoader.fromClasspath().load("test/pattern.comp", Map.of("PATTERN_OFFSET", "7"));
        assertEquals(List.of("test/pattern.comp", "test/lib/pattern_value.glsl"), source.files());
        assertTrue(source.text().startsWith("#version 430 core\n#define PATTERN_OFFSET 7\n#line 1 0\n"));
    }

    @Test
    void translatesMesaNvidiaAndPrefixedLogsToFileAndLine() {
        ShaderSource source = new ShaderSource("m.comp", "", List.of("m.comp", "lib/h.glsl"));
        String log = """
                1:4(17): error: syntax error, unexpected '*'
                0(12) : error C1008: undefined variable "x"
                ERROR: 1:9: 'y' : undeclared identifier
                7:3(1): error: source string 7 does not exist
                error: linking failed""";
        assertEquals("""
                lib/h.glsl:4:17: error: syntax error, unexpected '*'
                m.comp:12: error C1008: undefined variable "x"
                lib/h.glsl:9: error: 'y' : undeclared identifier
                7:3(1): error: source string 7 does not exist
                error: linking failed""", source.translateLog(log));
    }
}
