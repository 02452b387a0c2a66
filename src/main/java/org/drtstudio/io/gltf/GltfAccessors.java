package org.drtstudio.io.gltf;

import de.javagl.jgltf.model.AccessorByteData;
import de.javagl.jgltf.model.AccessorData;
import de.javagl.jgltf.model.AccessorFloatData;
import de.javagl.jgltf.model.AccessorIntData;
import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.AccessorShortData;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * An accessor's elements as plain arrays, once its bytes were checked to be there
 * ({@link GltfLayoutCheck}). Integer components of a {@code normalized} accessor (texture
 * coordinates and colours may be stored so) become 0…1 or −1…1 as glTF defines.
 */
final class GltfAccessors {
    /** glTF's component types read in bulk. */
    private static final int UNSIGNED_SHORT = 5123, UNSIGNED_INT = 5125, FLOAT = 5126;

    private GltfAccessors() {
    }

    /** Components per element of {@code accessor}. */
    static int components(AccessorModel accessor) {
        return accessor.getElementType().getNumComponents();
    }

    /** The first {@code width} components of each element as floats, {@code width} a row. */
    static float[] floats(AccessorModel accessor, int width) {
        int n = accessor.getCount(), have = components(accessor);
        float[] out = new float[n * width];
        if (width == have && packed(accessor, FLOAT)) {
            packedBytes(accessor).asFloatBuffer().get(out);
            return out;
        }
        AccessorData data = accessor.getAccessorData();
        boolean normalized = accessor.isNormalized();
        for (int e = 0; e < n; e++) {
            for (int c = 0; c < Math.min(width, have); c++) out[e * width + c] = component(data, e, c, normalized);
        }
        return out;
    }

    /** Scalar integer values (indices); -1 where a value does not fit an int. */
    static int[] ints(AccessorModel accessor) {
        int n = accessor.getCount();
        int[] out = new int[n];
        if (components(accessor) == 1 && packed(accessor, UNSIGNED_INT)) {
            packedBytes(accessor).asIntBuffer().get(out);
            for (int e = 0; e < n; e++) if (out[e] < 0) out[e] = -1; // 2^31 and more, read as negative
            return out;
        }
        if (components(accessor) == 1 && packed(accessor, UNSIGNED_SHORT)) {
            java.nio.ShortBuffer values = packedBytes(accessor).asShortBuffer();
            for (int e = 0; e < n; e++) out[e] = values.get(e) & 0xffff;
            return out;
        }
        AccessorData data = accessor.getAccessorData();
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

    /**
     * Whether the accessor's elements lie back to back in its buffer view with components of {@code type}:
     * then they are read in bulk ({@link #packedBytes}), the same values as element by element, since
     * the library's accessor data reads the same view at the same offset and stride.
     */
    private static boolean packed(AccessorModel accessor, int type) {
        return accessor.getComponentType() == type && accessor.getByteStride() == accessor.getElementSizeInBytes()
                && accessor.getBufferViewModel() != null;
    }

    /** The accessor's elements' bytes, little-endian as glTF stores them (bounds checked by {@link GltfLayoutCheck}). */
    private static ByteBuffer packedBytes(AccessorModel accessor) {
        ByteBuffer view = accessor.getBufferViewModel().getBufferViewData().duplicate();
        view.position(accessor.getByteOffset()); // from the view's start, as the library's absolute reads count
        ByteBuffer bytes = view.slice().order(ByteOrder.LITTLE_ENDIAN);
        bytes.limit(accessor.getCount() * accessor.getElementSizeInBytes());
        return bytes;
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
