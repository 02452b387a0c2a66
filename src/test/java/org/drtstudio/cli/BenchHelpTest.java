package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** {@code drt bench --help} describes every suite that {@code --suite} accepts (it once left out two). */
class BenchHelpTest {
    @Test
    void theHelpDescribesEverySuiteTheCommandAccepts() {
        CliHarness cli = new CliHarness();
        assertEquals(2, cli.drt("bench", "--suite", "no-such-suite"));
        String err = cli.err();
        int list = err.indexOf("available: ");
        assertTrue(list >= 0, err);
        List<String> suites = Arrays.stream(err.substring(list + "available: ".length()).trim().split(",\\s*")).toList();
        assertTrue(suites.size() >= 11, "suites: " + suites);

        CommandSpec bench = DrtCommand.create(null).getSubcommands().get("bench").getCommandSpec();
        String description = String.join(" ", bench.usageMessage().description());
        String option = String.join(" ", bench.findOption("--suite").description());
        List<String> undescribed = new ArrayList<>(), unlisted = new ArrayList<>();
        for (String suite : suites) {
            if (!description.contains(suite + " (")) undescribed.add(suite);
            if (!option.matches("(?s).*\\b" + suite + "\\b.*")) unlisted.add(suite);
        }
        assertEquals(List.of(), undescribed, "suites the command's description leaves out");
        assertEquals(List.of(), unlisted, "suites --suite's description leaves out");
    }
}
