package org.drtstudio.io.gltf;

import de.javagl.jgltf.model.AccessorByteData;
import de.javagl.jgltf.model.AccessorData;
import de.javagl.jgltf.model.AccessorFloatData;
import de.javagl.jgltf.model.AccessorIntData;
import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.AccessorShortData;

/**
 * An accessor's elements as plain arrays, once its bytes were checked to be there
 * ({@link GltfLayoutCheck}). Integer components of a {@code normalized} accessor (texture
 * coordinates and colours may be stored so) become 0…1 or −1…1 as glTF defines.
 */
final class GltfAccessors {
    private GltfAccessors() {
    }

    /** Components per element of {@code accessor}. */
    static int components(AccessorModel accessor) {
        return accessor.getElementType().getNumComponents();
    }

    /** The first {@code width} components of each element as floats, {@code width} a row. */
    static float[] floats(AccessorModel accessor, int width) {
        AccessorData data = accessor.getAccessorData();
        int n = accessor.getCount(), have = components(accessor);
        float[] out = new float[n * width];
        boolean normalized = accessor.isNormalized();
        for (int e = 0; e < n; e++) {
            for (int c = 0; c < Math.min(width, have); c++) out[e * width + c] = component(data, e, c, normalized);
        }
        return out;
    }

    /** Scalar integer values (indices); -1 where a value does not fit an int. */
    static int[] ints(AccessorModel accessor) {
        AccessorData data = accessor.getAccessorData();
        int n = accessor.getCount();
        int[] out = new int[n];
        for (int e = 0; e < n; e++) {
            long v;
            if (data instanceof AccessorByteData b) v = b.getInt(e, 0);
            else if (data instanceof AccessorShortData s) v = s.getInt(e, 0);
            else if (data instanceof AccessorIntData i) v = i.getLong(e, 0);
            else v = -1;
            out[e] = v > Integer.MAX_VALUE ? -1 : (int) v;
        }
        return out;
    }

    private static float component(AccessorData data, int e, int c, boolean normalized) {
        if (data instanceof AccessorFloatData f) return f.get(e, c);
        if (data instanceof AccessorByteData b) {
            int v = b.getInt(e, c);
            return normalized ? (b.isUnsigned() ? v / 255f : Math.max(v / 127f, -1f)) : v;
        }
        if (data instanceof AccessorShortData s) {
            int v = s.getInt(e, c);
            return normalized ? (s.isUnsigned() ? v / 65535f : Math.max(v / 32767f, -1f)) : v;
        }
        if (data instanceof AccessorIntData i) return i.getLong(e, c);
        return 0f;
    }
}
