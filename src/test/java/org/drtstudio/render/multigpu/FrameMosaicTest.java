package org.drtstudio.render.multigpu;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import org.drtstudio.render.Frame;
import org.drtstudio.render.PixelWindow;

class FrameMosaicTest {
    /** A 6x4 frame whose every value says which part it came from (part + 1). */
    private static Frame filled(int part) {
        byte[] srgb = new byte[4 * 24];
        float[] depth = new float[24], normals = new float[3 * 24];
        java.util.Arrays.fill(srgb, (byte) (part + 1));
        java.util.Arrays.fill(depth, part + 1);
        java.util.Arrays.fill(normals, part + 1);
        return new Frame(6, 4, srgb, null, depth, normals, null, null, null, part, 100);
    }

    @Test
    void eachTileComesFromThePartThatTracedIt() {
        List<PixelWindow> first = List.of(new PixelWindow(0, 0, 4, 2), new PixelWindow(4, 2, 2, 2));
        List<PixelWindow> second = List.of(new PixelWindow(4, 0, 2, 2), new PixelWindow(0, 2, 4, 2));
        Frame f = FrameMosaic.assemble(List.of(new FrameMosaic.Part(filled(0), first), new FrameMosaic.Part(filled(1), second)));
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 6; x++) {
                int expected = (y < 2) == (x < 4) ? 1 : 2;
                int i = y * 6 + x;
                assertEquals(expected, f.depth()[i], "depth at " + x + "," + y);
                assertEquals(expected, f.normals()[3 * i + 2], "normal at " + x + "," + y);
                assertEquals(expected, f.srgb()[4 * i + 3], "picture at " + x + "," + y);
            }
        }
        assertNull(f.radiance());
        assertEquals(1, f.errors(), "errors summed");
        assertEquals(200, f.uploadedBytes(), "uploads summed");
    }

    @Test
    void partsSharingOnePictureAreNotCopiedAndTheirOtherImagesAre() {
        byte[] shared = new byte[4 * 24];
        List<PixelWindow> top = List.of(new PixelWindow(0, 0, 6, 1)), rest = List.of(new PixelWindow(0, 1, 6, 3));
        java.util.Arrays.fill(shared, 0, 4 * 6, (byte) 1);
        java.util.Arrays.fill(shared, 4 * 6, shared.length, (byte) 2);
        Frame a = withPicture(filled(0), shared), b = withPicture(filled(1), shared);
        Frame f = FrameMosaic.assemble(List.of(new FrameMosaic.Part(a, top), new FrameMosaic.Part(b, rest)));
        assertSame(shared, f.srgb(), "the shared picture is the frame's");
        for (int i = 0; i < 24; i++) {
            int expected = i < 6 ? 1 : 2;
            assertEquals(expected, f.srgb()[4 * i], "picture at " + i);
            assertEquals(expected, f.depth()[i], "depth at " + i);
        }
        // One part with a picture of its own: every part's tiles are copied into a new array, the shared one's too.
        Frame f2 = FrameMosaic.assemble(List.of(new FrameMosaic.Part(a, top), new FrameMosaic.Part(filled(1), rest)));
        assertNotSame(shared, f2.srgb());
        for (int i = 0; i < 24; i++) assertEquals(i < 6 ? 1 : 2, f2.srgb()[4 * i], "picture at " + i);
    }

    private static Frame withPicture(Frame f, byte[] srgb) {
        return new Frame(f.width(), f.height(), srgb, f.radiance(), f.depth(), f.normals(), f.albedo(), f.variance(), f.samples(),
                f.errors(), f.uploadedBytes());
    }

    @Test
    void partsOfDifferentSizesAreRefused() {
        Frame small = new Frame(2, 2, new byte[16], null, null, null, null, null, null, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> FrameMosaic.assemble(List.of(
                new FrameMosaic.Part(filled(0), List.of()), new FrameMosaic.Part(small, List.of()))));
        assertThrows(IllegalArgumentException.class, () -> FrameMosaic.assemble(List.of()));
    }
}
