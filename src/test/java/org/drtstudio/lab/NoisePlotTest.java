package org.drtstudio.lab;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The curves' time plot with the CPU clock's 10 ms ticks falling anywhere: it always has points to draw. */
class NoisePlotTest {
    @TempDir
    Path dir;

    @Test
    void aTickOnlyOnARowNotPlottedFallsBackToWallSeconds() throws Exception {
        // CI once measured CPU time only for a guide-count row, which the plots leave out: the plotted rows
        // all had zero CPU seconds and the time plot had no point left.
        assertPlots("""
                scene,spp,seed,kind,seconds,rmse,cpu_seconds
                a,1,1,plain,0.000120000,9.1,0.0000
                a,1,1,denoised,0.000310000,6.2,0.0000
                a,1,1,denoised-g2,0.000300000,6.4,0.0100
                a,2,1,plain,0.000230000,7.0,0.0000
                a,2,1,denoised,0.000420000,4.9,0.0000
                """);
    }

    @Test
    void somePlottedRowsWithoutTicksStillDraw() throws Exception {
        assertPlots("""
                scene,spp,seed,kind,seconds,rmse,cpu_seconds
                a,1,1,plain,0.004,9.1,0.0100
                a,1,1,denoised,0.005,6.2,0.0000
                a,2,1,plain,0.008,7.0,0.0000
                a,2,1,denoised,0.009,4.9,0.0100
                """);
    }

    private void assertPlots(String csv) throws Exception {
        Path curves = dir.resolve("curves.csv"), spp = dir.resolve("spp.png"), time = dir.resolve("time.png");
        Files.writeString(curves, csv);
        NoisePlot.main(new String[]{"curves", curves.toString(), spp.toString(), time.toString()});
        assertNotNull(ImageIO.read(spp.toFile()), "spp plot");
        assertNotNull(ImageIO.read(time.toFile()), "time plot");
    }
}
