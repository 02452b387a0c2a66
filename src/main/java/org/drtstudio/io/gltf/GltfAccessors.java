package org.drtstudio.io.gltf;

import de.javagl.jgltf.impl.v2.Accessor;
import de.javagl.jgltf.impl.v2.AccessorSparse;
import de.javagl.jgltf.impl.v2.GlTF;
import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.GltfModel;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A file's accessors' elements as plain arrays, read from the buffer views' bytes once they were
 * checked to be there ({@link GltfLayoutCheck}). Integer components of a {@code normalized} accessor
 * (texture coordinates and colours may be stored so) become 0…1 or −1…1 as glTF defines; a sparse
 * accessor's values are put over its base (or over zeros) as the specification says.
 *
 * <p>Read here from the document's accessors and views rather than through the library's accessor
 * data: elements that lie back to back are read in bulk (a 2M-triangle mesh's positions and indices
 * in milliseconds), and sparse accessors come out right. jgltf-model 2.0.4 gives a sparse accessor
 * a packed view of its own but fills it by copying its base's bytes without their stride, and keeps
 * the old stride to read it: its accessor data read a packed sparse accessor as zeros and an
 * interleaved one as other attributes' bytes (GltfReaderTest).
 */
final class GltfAccessors {
    /** glTF's component types. */
    private static final int BYTE = 5120, UNSIGNED_BYTE = 5121, SHORT = 5122, UNSIGNED_SHORT = 5123, UNSIGNED_INT = 5125, FLOAT = 5126;

    private final GlTF gltf;
    private final GltfModel model;
    private final Map<AccessorModel, Accessor> documentOf = new IdentityHashMap<>();

    /** The accessors of {@code model}, made from {@code gltf} (the library keeps their order). */
    GltfAccessors(GltfModel model, GlTF gltf) {
        this.gltf = gltf;
        this.model = model;
        List<Accessor> accessors = gltf.getAccessors() == null ? List.of() : gltf.getAccessors();
        List<AccessorModel> models = model.getAccessorModels();
        for (int i = 0; i < Math.min(accessors.size(), models.size()); i++) documentOf.put(models.get(i), accessors.get(i));
    }

    /** Components per element of {@code accessor}. */
    static int components(AccessorModel accessor) {
        return accessor.getElementType().getNumComponents();
    }

    /** The first {@code width} components of each element as floats, {@code width} a row. */
    float[] floats(AccessorModel accessor, int width) {
        Accessor a = document(accessor);
        int n = a.getCount(), have = components(accessor), type = a.getComponentType(), size = accessor.getComponentSizeInBytes();
        float[] out = new float[n * width];
        ByteBuffer view = view(a.getBufferView());
        if (view != null) {
            int stride = stride(a.getBufferView(), accessor), offset = orZero(a.getByteOffset());
            if (width == have && type == FLOAT && stride == accessor.getElementSizeInBytes()) {
                view.slice(offset, n * stride).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
            } else {
                read(view, offset, stride, n, type, size, Math.min(width, have), width, accessor.isNormalized(), out);
            }
        }
        AccessorSparse sparse = a.getSparse();
        if (sparse != null) {
            int[] at = sparseIndices(sparse, n);
            float[] values = new float[at.length * width];
            read(view(sparse.getValues().getBufferView()), orZero(sparse.getValues().getByteOffset()), accessor.getElementSizeInBytes(),
                    at.length, type, size, Math.min(width, have), width, accessor.isNormalized(), values);
            for (int k = 0; k < at.length; k++) System.arraycopy(values, k * width, out, at[k] * width, width);
        }
        return out;
    }

    /** Scalar integer values (indices); -1 where a value does not fit an int or is not an integer. */
    int[] ints(AccessorModel accessor) {
        Accessor a = document(accessor);
        int n = a.getCount(), type = a.getComponentType();
        int[] out = new int[n];
        ByteBuffer view = view(a.getBufferView());
        if (view != null) {
            int stride = stride(a.getBufferView(), accessor), offset = orZero(a.getByteOffset());
            if (type == UNSIGNED_INT && stride == 4) {
                view.slice(offset, 4 * n).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
                for (int e = 0; e < n; e++) if (out[e] < 0) out[e] = -1; // 2^31 and more, read as negative
            } else {
                for (int e = 0; e < n; e++) out[e] = integer(view, offset + e * stride, type);
            }
        }
        AccessorSparse sparse = a.getSparse();
        if (sparse != null) {
            int[] at = sparseIndices(sparse, n);
            ByteBuffer values = view(sparse.getValues().getBufferView());
            int offset = orZero(sparse.getValues().getByteOffset()), size = accessor.getComponentSizeInBytes();
            for (int k = 0; k < at.length; k++) out[at[k]] = integer(values, offset + k * size, type);
        }
        return out;
    }

    private Accessor document(AccessorModel accessor) {
        Accessor a = documentOf.get(accessor);
        if (a == null) throw new IllegalArgumentException("an accessor that is not the document's");
        return a;
    }

    /** The elements a sparse accessor replaces; checked to lie among the accessor's {@code n}. */
    private int[] sparseIndices(AccessorSparse sparse, int n) {
        int count = sparse.getCount(), type = sparse.getIndices().getComponentType();
        ByteBuffer view = view(sparse.getIndices().getBufferView());
        int offset = orZero(sparse.getIndices().getByteOffset()), size = GltfLayoutCheck.componentBytes(type);
        int[] at = new int[count];
        for (int k = 0; k < count; k++) {
            at[k] = integer(view, offset + k * size, type);
            if (at[k] < 0 || at[k] >= n) throw new IllegalArgumentException("a sparse index " + at[k] + " outside its accessor's " + n + " elements");
        }
        return at;
    }

    /** {@code n} elements of {@code components} from {@code offset}, {@code stride} apart, into rows of {@code width} floats. */
    private static void read(ByteBuffer view, int offset, int stride, int n, int type, int size, int components, int width, boolean normalized,
                             float[] out) {
        for (int e = 0; e < n; e++) {
            for (int c = 0; c < components; c++) out[e * width + c] = component(view, offset + e * stride + c * size, type, normalized);
        }
    }

    /** Buffer view {@code index}'s bytes, little-endian as glTF stores them; null for none. */
    private ByteBuffer view(Integer index) {
        if (index == null) return null;
        ByteBuffer data = model.getBufferViewModels().get(index).getBufferViewData();
        return data == null ? null : data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Bytes from one element to the next: the view's stride where it gives one, else the element's size (as GltfLayoutCheck counts). */
    private int stride(int view, AccessorModel accessor) {
        Integer stride = gltf.getBufferViews().get(view).getByteStride();
        return stride != null ? stride : accessor.getElementSizeInBytes();
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static int integer(ByteBuffer view, int at, int type) {
        long v = switch (type) {
            case BYTE -> view.get(at);
            case UNSIGNED_BYTE -> view.get(at) & 0xff;
            case SHORT -> view.getShort(at);
            case UNSIGNED_SHORT -> view.getShort(at) & 0xffff;
            case UNSIGNED_INT -> view.getInt(at) & 0xffffffffL;
            default -> -1;
        };
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }

    private static float component(ByteBuffer view, int at, int type, boolean normalized) {
        return switch (type) {
            case FLOAT -> view.getFloat(at);
            case BYTE -> normalized ? Math.max(view.get(at) / 127f, -1f) : view.get(at);
            case UNSIGNED_BYTE -> normalized ? (view.get(at) & 0xff) / 255f : view.get(at) & 0xff;
            case SHORT -> normalized ? Math.max(view.getShort(at) / 32767f, -1f) : view.getShort(at);
            case UNSIGNED_SHORT -> normalized ? (view.getShort(at) & 0xffff) / 65535f : view.getShort(at) & 0xffff;
            case UNSIGNED_INT -> view.getInt(at) & 0xffffffffL;
            default -> 0f;
        };
    }
}
