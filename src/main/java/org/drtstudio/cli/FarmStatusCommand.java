package org.drtstudio.cli;

import org.drtstudio.farm.FarmException;
import org.drtstudio.farm.FarmIndex;
import org.drtstudio.farm.FarmJobFile;
import org.drtstudio.farm.FarmStatus;
import org.drtstudio.farm.SlurmClient;
import org.drtstudio.io.support.IoReason;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code drt farm status JOBID|FOLDER}: tasks done, running, pending and failed, from Slurm's queue and the files. */
@Command(name = "status", description = "Show a farm job's tasks: done (outputs complete), running, pending or failed (with its log). "
        + "Exit code 1 when a task (or the merge or video) failed, 0 otherwise.")
final class FarmStatusCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "JOBID|FOLDER", description = "a job id drt farm submit printed, or the job's OUT.farm folder")
    String job;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr(), out = spec.commandLine().getOut();
        try {
            Path folder = folder();
            int failed = new FarmStatus(new SlurmClient()).report(folder, out);
            return failed > 0 ? 1 : 0; // scripts and schedulers can tell a job with failed tasks
        } catch (FarmException e) {
            err.println("drt farm: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("drt farm: cannot read the job's folder: " + IoReason.of(e));
            return 1;
        }
    }

    private Path folder() throws FarmException {
        if (job.matches("[0-9]+")) {
            Path folder = FarmIndex.ofUser().folderOf(job);
            if (folder == null) {
                throw new FarmException("no farm job " + job + " was submitted from this account (the farm's index, $XDG_STATE_HOME/drt-studio/farm-jobs.jsonl); "
                        + "give the job's folder (OUT.farm) instead");
            }
            return folder;
        }
        Path p = Path.of(job);
        if (Files.isRegularFile(p) && p.getFileName().toString().equals(FarmJobFile.NAME)) return p.toAbsolutePath().getParent();
        if (Files.isDirectory(p)) return p.toAbsolutePath();
        throw new FarmException(job + ": neither a job id nor a farm job's folder");
    }
}
