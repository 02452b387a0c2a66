package org.drtstudio.lab;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class AdaptiveReportTest {
    @TempDir
    Path dir;

    @Test
    void equalTimeIsInterpolatedLogLogBetweenTheNeighbouringFixedCountsAndNotBeyond() {
        List<AdaptiveReport.Point> fixed = List.of(new AdaptiveReport.Point("16", 4, 16, 2), new AdaptiveReport.Point("4", 1, 4, 4));
        assertEquals(Math.sqrt(8), AdaptiveReport.fixedAt(fixed, 2), 1e-12, "halfway in log time: the geometric mean");
        assertEquals(4, AdaptiveReport.fixedAt(fixed, 1), 1e-12);
        assertTrue(Double.isNaN(AdaptiveReport.fixedAt(fixed, 8)), "no extrapolation");
    }

    @Test
    void readsTheMeasurementCsvAndDrawsThePlot() throws Exception {
        Path csv = dir.resolve("m.csv");
        Files.writeString(csv, """
                scene,mode,setting,cpu_s,mean_spp,rmse
                a,fixed,8,1.0,8.0,4.0
                a,fixed,32,4.0,32.0,2.0
                a,adaptive,0.05,2.0,12.5,2.5
                """);
        var data = AdaptiveReport.read(csv);
        assertEquals(2, data.get("a").fixed().size());
        assertEquals(new AdaptiveReport.Point("0.05", 2.0, 12.5, 2.5), data.get("a").adaptive().get(0));
        Path png = dir.resolve("plot.png");
        AdaptiveReport.plot(data, png);
        assertTrue(Files.size(png) > 1000);
    }
}
