package org.drtstudio.cli;

import org.drtstudio.DocPages;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The docs show options the commands have. Where a doc shows a {@code drt} command line (a line of a
 * code block, or a backticked span), every {@code --option} after it is one of that very command's
 * options, as picocli's {@link CommandSpec} of the real command line declares them ({@code drt farm
 * submit} passes the rest on to {@code drt render}, so render's count there too; {@code
 * org.drtstudio.app.Main} is {@code drt} run from a class path). A backticked span that is an option
 * alone ({@code `--spp`}), and an option in the comment of a {@code drt} code line, is an option of some
 * {@code drt} command. Other programs' command lines ({@code `sbatch --requeue`}) are not checked.
 */
class DocumentedOptionsTest {
    private static final Pattern INVOCATION = Pattern.compile("(?:^|[\\s/(])(?:drt|org\\.drtstudio\\.app\\.Main)(?=\\s|$)((?:\\s+[^\\s|;&]+)*)");
    private static final Pattern LONG_OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");
    /** A shell comment in a code line: a # after a space (a frame pattern's #### has none). */
    private static final Pattern COMMENT = Pattern.compile("\\s#\\s");

    private final CommandLine drt = DrtCommand.create(null);

    @Test
    void theCheckFindsAnOptionShownWithTheWrongCommand() {
        assertEquals(List.of(), problems("./drt render scene.nff --spp 4 --accel grid -o a.png   # the --suite option", true));
        assertEquals(List.of("--suite is not an option of drt render"), problems("`drt render --suite spheres`", false));
        assertEquals(List.of("--no-such-thing is not an option of any drt command"), problems("`--no-such-thing`", false));
        assertEquals(List.of(), problems("`drt farm submit s.json --frames 0-9 -o f_####.png --spp 8`", false));
        assertEquals(List.of(), problems("`drt generate spheres --count 10 --layout paper`", false));
        assertEquals(List.of(), problems("`sbatch --requeue` and `nvidia-smi --format=csv`", false));
        assertEquals(List.of(), problems("`--sbatch-arg=--mem=16G`", false));
        assertEquals(List.of("--nope is not an option of drt bench"),
                problems("bash .gpu/run.sh org.drtstudio.app.Main bench --suite full --nope", true));
    }

    @Test
    void everyOptionTheDocsShowExistsOnItsCommand() {
        List<String> wrong = new ArrayList<>();
        for (DocPages.Line line : DocPages.lines()) {
            for (String problem : problems(line.text(), line.code())) wrong.add(line.where() + ": " + problem);
        }
        assertEquals(List.of(), wrong, "the docs show options the commands do not have");
    }

    /** What is wrong with the options of one line. */
    private List<String> problems(String text, boolean code) {
        DocPages.Line line = new DocPages.Line(null, 0, text, code);
        List<String> problems = new ArrayList<>();
        for (String span : line.codeSpans()) {
            Matcher comment = COMMENT.matcher(span);
            String command = span, remark = "";
            if (code && comment.find()) {
                command = span.substring(0, comment.start());
                remark = span.substring(comment.end());
            }
            Matcher call = INVOCATION.matcher(command);
            if (call.find()) {
                problems.addAll(checkInvocation(call.group(1).trim().split("\\s+")));
            } else {
                remark = !code && command.startsWith("--") ? command : "";
            }
            for (String option : options(remark)) {
                if (!anyCommandHas(drt, option)) {
                    problems.add(option + " is not an option of any drt command");
                }
            }
        }
        return problems;
    }

    /** The words after {@code drt}: subcommands first, then options that the innermost must have. */
    private List<String> checkInvocation(String[] words) {
        CommandLine command = drt;
        int i = 0;
        while (i < words.length && command.getSubcommands().containsKey(words[i])) command = command.getSubcommands().get(words[i++]);
        CommandSpec spec = command.getCommandSpec();
        boolean passesToRender = !spec.unmatchedArgsBindings().isEmpty();
        List<String> problems = new ArrayList<>();
        for (; i < words.length; i++) {
            for (String option : options(words[i])) {
                boolean known = spec.findOption(option) != null
                        || passesToRender && drt.getSubcommands().get("render").getCommandSpec().findOption(option) != null;
                if (!known) problems.add(option + " is not an option of " + spec.qualifiedName());
            }
        }
        return problems;
    }

    /** The long options among the words of a text; a word's value after {@code =} is not an option of ours. */
    private static List<String> options(String text) {
        List<String> found = new ArrayList<>();
        for (String word : text.trim().split("\\s+")) {
            Matcher m = LONG_OPTION.matcher(word.split("=", 2)[0]);
            while (m.find()) found.add(m.group());
        }
        return found;
    }

    private static boolean anyCommandHas(CommandLine command, String option) {
        if (command.getCommandSpec().findOption(option) != null) return true;
        return command.getSubcommands().values().stream().anyMatch(sub -> anyCommandHas(sub, option));
    }
}
