package org.drtstudio.scene.anim;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The model, editing, file and command-line packages stay free of UI and GL (DESIGN.md, "who may use whom"). */
class PackageRulesTest {
    private static final Path MAIN = Path.of("src/main/java/org/drtstudio");

    private static List<String> offenders(String packageDir, String... forbidden) throws Exception {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN.resolve(packageDir))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                for (String line : Files.readAllLines(f)) {
                    for (String bad : forbidden) if (line.startsWith("import " + bad)) out.add(MAIN.relativize(f) + ": " + line);
                }
            }
        }
        return out;
    }

    @Test
    void noUiOrGlOutsideTheirPackages() throws Exception {
        for (String pkg : List.of("scene", "io", "cli")) {
            assertEquals(List.of(), offenders(pkg, "javafx", "org.lwjgl", "org.drtstudio.render.gl", "org.drtstudio.studio"), pkg);
        }
    }

    @Test
    void javafxStaysInTheStudioAndTheStudioStaysOffGl() throws Exception {
        for (String pkg : List.of("math", "accel", "render", "app")) assertEquals(List.of(), offenders(pkg, "javafx"), pkg);
        assertEquals(List.of(), offenders("studio", "org.lwjgl", "org.drtstudio.render.gl", "org.drtstudio.cli", "org.drtstudio.app"));
    }

    @Test
    void theModelDependsOnNothingAboveIt() throws Exception {
        assertEquals(List.of(), offenders("scene", "org.drtstudio.io", "org.drtstudio.accel", "org.drtstudio.render",
                "org.drtstudio.cli", "com.fasterxml"));
        assertEquals(List.of(), offenders("scene/anim", "org.drtstudio.scene.edit"));
    }
}
