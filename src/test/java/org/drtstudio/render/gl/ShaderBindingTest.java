package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxNodeVariants;
import org.drtstudio.accel.EnvironmentMap;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.accel.voxel.PortalLayout;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every program's binding slots, as the shaders declare them by name, resolve to a number Java
 * defines, and no two declarations of one program share a slot of one kind: slots named in
 * different classes ({@link ShaderBinding}, BoxLayout, SpatialLayout, EnvironmentMap, PortalLayout,
 * the peer and portal ray kernels) cannot collide unnoticed. No GL: the programs are assembled by
 * {@link ShaderLoader} and read as text.
 */
class ShaderBindingTest {
    private static final Pattern DECLARATION =
            Pattern.compile("layout\\s*\\(([^)]*)\\)[^;{]*?\\b(buffer|[iu]?image2D|sampler2D)\\s+(\\w+)");
    private static final Pattern BINDING = Pattern.compile("\\bbinding\\s*=\\s*(\\w+)");

    /** The defines the programs are compiled with that name slots, from the classes that own them. */
    static Map<String, String> slotDefines() {
        Map<String, String> d = new LinkedHashMap<>(ShaderBinding.glslDefines());
        d.putAll(GeometryImageLayout.glslDefines());
        d.putAll(BoxNodeVariants.glslDefines());
        d.putAll(PortalLayout.defines());
        d.putAll(GlPortalRays.defines());
        d.put("ENV_BINDING", Integer.toString(EnvironmentMap.BINDING));
        d.put("PR_RAYS_BINDING", Integer.toString(GlPeerRays.RAYS_BINDING));
        d.put("PR_RESULTS_BINDING", Integer.toString(GlPeerRays.RESULTS_BINDING));
        return d;
    }

    /** Problems of one assembled program: a slot name nothing defines, or two declarations on one slot of a kind. */
    static List<String> collisions(String program, String text, Map<String, String> defines) {
        List<String> problems = new ArrayList<>();
        Map<String, String> taken = new HashMap<>();
        Matcher m = DECLARATION.matcher(text.replaceAll("//[^\n]*", ""));
        while (m.find()) {
            Matcher b = BINDING.matcher(m.group(1));
            if (!b.find()) continue;
            String slot = b.group(1).matches("\\d+") ? b.group(1) : defines.get(b.group(1));
            if (slot == null) {
                problems.add(program + ": " + m.group(3) + "'s binding " + b.group(1) + " is defined nowhere in Java");
                continue;
            }
            String kind = m.group(2).equals("buffer") ? "buffer" : m.group(2).startsWith("sampler") ? "sampler" : "image";
            String other = taken.putIfAbsent(kind + " " + slot, m.group(3));
            if (other != null && !other.equals(m.group(3))) {
                problems.add(program + ": " + other + " and " + m.group(3) + " share " + kind + " slot " + slot);
            }
        }
        return problems;
    }

    @Test
    void theCheckFindsASharedSlotAndAnUndefinedName() {
        Map<String, String> d = Map.of("A", "1", "B", "1");
        String shader = "layout(binding = A, rgba32f) uniform image2D uA;\nlayout(binding = B, r32f) uniform image2D uB;\n"
                + "layout(std430, binding = A) buffer Ab { int a[]; };\nlayout(binding = C) uniform sampler2D uC;";
        assertEquals(List.of("p: uA and uB share image slot 1", "p: uC's binding C is defined nowhere in Java"),
                collisions("p", shader, d));
    }

    @Test
    void noProgramDeclaresTwoThingsOnOneSlot() throws IOException {
        Map<String, String> defines = slotDefines();
        List<String> problems = new ArrayList<>();
        int declarations = 0;
        for (String program : programs()) {
            String text = ShaderLoader.fromClasspath().load(program, Map.of()).text();
            declarations += (int) DECLARATION.matcher(text).results().count();
            problems.addAll(collisions(program, text, defines));
        }
        assertTrue(declarations > 60, "declarations read: " + declarations);
        assertEquals(List.of(), problems);
    }

    @Test
    void aBindingIsBoundAsItsOwnKind() {
        assertEquals(0, ShaderBinding.ACCUMULATION.slotFor(ShaderBinding.Kind.IMAGE));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShaderBinding.ACTIVE_LIST.slotFor(ShaderBinding.Kind.IMAGE));
        assertEquals("ACTIVE_LIST is a buffer binding, bound as image", e.getMessage());
    }

    private static List<String> programs() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("shaders"))) {
            List<String> found = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".comp")).sorted().toList();
            assertTrue(found.size() > 10, "programs: " + found);
            return found;
        }
    }
}
