package org.drtstudio.render;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class GpuSelectionTest {
    @Test
    void allCountsAndListsResolveAgainstTheMachinesGpus() {
        assertEquals(List.of(0, 1, 2, 3), GpuSelection.parse("all").resolve(4));
        assertEquals(List.of(0), GpuSelection.parse("all").resolve(0), "a machine without a GPU has its default device");
        assertEquals(List.of(0, 1), GpuSelection.parse("2").resolve(4));
        assertEquals(List.of(0, 2), GpuSelection.parse("0,2").resolve(4));
        assertEquals(List.of(0, 0), GpuSelection.parse(" 0, 0 ").resolve(0), "a device listed twice: two contexts on it");
        assertEquals(List.of(0), GpuSelection.FIRST.resolve(8));
        assertEquals(List.of(1), GpuSelection.parse("device=1").resolve(2), "a lone number is a count: device= names one GPU");
        assertEquals(List.of(0, 2), GpuSelection.parse("Device=0,2").resolve(4));
    }

    @Test
    void selectionsBeyondTheMachineSayWhatItHas() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GpuSelection.parse("4").resolve(2));
        assertEquals("--gpus 4: this machine has 2 GPUs (numbers 0 to 1)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> GpuSelection.parse("device=9").resolve(2));
        assertEquals("--gpus device=9: no GPU 9; this machine has 2 GPUs (numbers 0 to 1)", e.getMessage(), "one device is named as it was given, not as a count");
        assertEquals("device=1", GpuSelection.parse("device=1").toString());
        assertEquals(GpuSelection.parse("device=1"), GpuSelection.parse(GpuSelection.parse("device=1").toString()));
        e = assertThrows(IllegalArgumentException.class, () -> GpuSelection.parse("0,1").resolve(0));
        assertTrue(e.getMessage().startsWith("--gpus 0,1: no GPU 1; this machine has no GPU"), e.getMessage());
    }

    @Test
    void aListOfMoreContextsThanAnyMachineIsRefused() {
        String seventeen = String.join(",", java.util.Collections.nCopies(17, "0"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GpuSelection.parse(seventeen));
        assertEquals("--gpus lists 17 devices; at most 16 contexts are opened", e.getMessage());
        assertEquals(16, GpuSelection.parse(String.join(",", java.util.Collections.nCopies(16, "0"))).resolve(0).size());
    }

    @Test
    void malformedValuesAreRefusedInOneLine() {
        for (String bad : new String[]{"", "none", "0", "-1", "1,", "a,b", "99999999999", "device=", "device=x", "device=1,"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GpuSelection.parse(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }
}
