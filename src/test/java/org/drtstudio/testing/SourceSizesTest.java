package org.drtstudio.testing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link SourceSizes} counts as its comment says, on a small source written for it. */
class SourceSizesTest {
    private static final String SOURCE = String.join("\n",
            "package p;",                                                   // 1
            "import picocli.CommandLine.Option;",                           // 2
            "/** A class. */",                                              // 3
            "class Sample {",                                               // 4
            "    static final int LIMIT = 3;",      // a constant: not state  // 5
            "    static final String NAME = \"}\";", // a constant             // 6
            "    static final int[] TABLE = {1};",  // static state            // 7
            "    private float a, b;",              // two fields              // 8
            "    @Option(names = \"-x\") int x;",   // picocli: not counted    // 9
            "    /** Javadoc is not counted. */",                             // 10
            "    @Deprecated",                                                // 11
            "    void method() {",                  // from here             // 12
            "        String s = \"{ not a brace\";",                         // 13
            "        // } nor this",                                          // 14
            "        Runnable r = () -> {",                                   // 15
            "        };",                                                      // 16
            "    }",                                // to here: 6 lines        // 17
            "    Sample() { }",                                               // 18
            "    abstract static class Inner { abstract void none(); int y; }",  // 19
            "    enum Kind { A, B; int weight; }",                            // 20
            "}",
            "");

    @Test
    void countsMethodLinesFromTheNameToTheClosingBraceAndFieldsThatHoldState(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("Sample.java");
        Files.writeString(file, SOURCE);
        SourceSizes.Sizes sizes = SourceSizes.measure(List.of(file));
        Map<String, Integer> methods = sizes.methods().stream()
                .collect(Collectors.toMap(m -> m.owner() + "." + m.name(), SourceSizes.MethodSize::lines));
        assertEquals(Map.of("Sample.method", 6, "Sample.Sample", 1), methods);
        Map<String, Integer> fields = sizes.classes().stream()
                .collect(Collectors.toMap(SourceSizes.ClassFields::name, SourceSizes.ClassFields::fields));
        assertEquals(Map.of("Sample", 3, "Sample.Inner", 1, "Sample.Kind", 1), fields);
    }
}
