package org.drtstudio.render.gl;

import org.drtstudio.render.RayStack;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The wavefront's buffers are sized in Java from the members the shader's structs are made of: the
 * sizes hold only while every member is a 16-byte type, which std430 packs without gaps.
 */
class WavefrontLayoutTest {
    private static final Set<String> SIXTEEN_BYTE_TYPES = Set.of("vec4", "ivec4", "uvec4");

    @Test
    void recordSizesAreTheirMembersAtSixteenBytesEach() {
        for (List<WavefrontLayout.Member> members : List.of(WavefrontLayout.RAY_MEMBERS, WavefrontLayout.SHADOW_MEMBERS)) {
            for (WavefrontLayout.Member m : members) assertTrue(SIXTEEN_BYTE_TYPES.contains(m.type()), m + " would leave padding");
        }
        assertEquals(16 * WavefrontLayout.RAY_MEMBERS.size(), WavefrontLayout.RAY_BYTES);
        assertEquals(16 * WavefrontLayout.SHADOW_MEMBERS.size(), WavefrontLayout.SHADOW_BYTES);
    }

    @Test
    void theShaderGetsTheMembersAndEveryConstant() {
        Map<String, String> d = WavefrontLayout.glslDefines();
        assertEquals("vec4 originTMax; vec4 directionTime; vec4 hitTUv; ivec4 hitIds;", d.get("WF_RAY_MEMBERS"));
        assertEquals(Integer.toString(WavefrontLayout.STACK_ENTRY_FIELDS * RayStack.CAPACITY), d.get("WF_STACK_FIELDS"));
        assertEquals(Integer.toString(WavefrontLayout.STACK + WavefrontLayout.STACK_ENTRY_FIELDS * RayStack.CAPACITY), d.get("WF_FIELDS"));
        assertEquals(Integer.toString(WavefrontLayout.ARGS_PER_KIND * (WavefrontLayout.KINDS + 1)), d.get("WF_QUEUE_ARGS"));
    }
}
