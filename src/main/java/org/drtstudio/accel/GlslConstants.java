package org.drtstudio.accel;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a layout class's public {@code static final int} constants into GLSL {@code #define}s, each
 * under the constant's own name behind a prefix ({@code MATERIAL_TEXELS} of
 * {@link GeometryImageLayout} becomes {@code GI_MATERIAL_TEXELS}). The Java constant is the one
 * definition; the define is derived from it, so a constant cannot be added, changed or dropped on
 * one side only. Nested classes are not read: the float offsets there are for Java alone.
 */
public final class GlslConstants {
    private GlslConstants() {
    }

    /** {@code prefix + NAME -> value} for every public static final int of {@code layout}, sorted by name. */
    public static Map<String, String> of(Class<?> layout, String prefix) {
        Map<String, String> d = new LinkedHashMap<>();
        Field[] fields = layout.getDeclaredFields();
        Arrays.sort(fields, Comparator.comparing(Field::getName));
        for (Field f : fields) {
            int m = f.getModifiers();
            if (f.getType() != int.class || !Modifier.isPublic(m) || !Modifier.isStatic(m) || !Modifier.isFinal(m)) continue;
            try {
                d.put(prefix + f.getName(), Integer.toString(f.getInt(null)));
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("a public constant that cannot be read: " + f, e);
            }
        }
        return d;
    }
}
