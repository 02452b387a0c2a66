package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.DeferredFloats;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.accel.voxel.PortalShapes;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.RenderException;

import java.util.Arrays;

import static org.lwjgl.opengl.GL32C.glGetInteger64;
import static org.lwjgl.opengl.GL43C.GL_MAX_SHADER_STORAGE_BLOCK_SIZE;

/**
 * The geometry image on the GPU: its arrays as RGBA32F textures of
 * {@link GeometryImageLayout#TEXTURE_WIDTH} texels per row, bound to the sampler units that
 * {@code shaders/geometry_image.glsl} declares (0 nodes, 1 primitives, 2 vertices, 3 materials,
 * 4 lights, 5 top nodes, 6 instances, 7 textures, and with box nodes the {@link BoxLayout}'s
 * nodes, primitives and per-instance roots at its units 8, 9, 10; with {@link BoxStorage#BUFFERS}
 * the nodes and primitives go to shader storage buffers at {@link BoxLayout#NODES_BINDING} and
 * {@link BoxLayout#PRIMITIVES_BINDING} instead). An update re-uploads only
 * the arrays that are not the very arrays uploaded last time: after a transform edit that is the
 * top level alone.
 */
final class GeometryImageTextures implements AutoCloseable {
    private static final String[] NAMES = {"nodes", "primitives", "vertices", "materials", "lights", "top nodes", "instances",
            "textures", "box nodes", "box-layout primitives", "box-layout roots", "grid or octree", "grid or octree roots"};
    /** The texture unit of each array, in NAMES' order: the geometry image's, then the box layout's and the spatial layout's. */
    private static final int[] UNITS = {ShaderBinding.NODES.slot(), ShaderBinding.PRIMITIVES.slot(), ShaderBinding.VERTICES.slot(),
            ShaderBinding.MATERIALS.slot(), ShaderBinding.LIGHTS.slot(), ShaderBinding.TOP_NODES.slot(), ShaderBinding.INSTANCES.slot(),
            ShaderBinding.TEXTURES.slot(), BoxLayout.NODES_UNIT, BoxLayout.PRIMITIVES_UNIT, BoxLayout.ROOTS_UNIT,
            SpatialLayout.WORDS_UNIT, SpatialLayout.ROOTS_UNIT};
    private final GlInfo info;
    private final float[][] uploaded = new float[NAMES.length][];
    private final Texture2D[] textures = new Texture2D[NAMES.length];
    /** Slots of the box layout's nodes and primitives, held in {@link #buffers} instead with {@link BoxStorage#BUFFERS}. */
    private static final int BOX_NODES = 8, BOX_PRIMITIVES = 9;
    /** The slots of the sphere tree's nodes, the primitives and the vertices. */
    private static final int NODES = 0, PRIMITIVES = 1, VERTICES = 2;
    /** The deferred box-layout primitives last made on the GPU into slot {@link #BOX_PRIMITIVES}, and the kernel that makes them. */
    private DeferredFloats leavesMade;
    private GlBoxPrimitives leafKernel;
    /** Whether the last update sent the sphere nodes (a rewrite sends what it sent). */
    private boolean lastWithSphereNodes = true;
    private final ShaderStorageBuffer[] buffers = new ShaderStorageBuffer[NAMES.length];
    /** Per slot, whether its buffer is device-local storage written through {@link #staging}. */
    private final boolean[] stagedBuffer = new boolean[NAMES.length];
    /** Arrays of at least this many bytes go through {@link #staging} ({@link StagedUpload#minStagedBytes}, read when made). */
    private final long minStagedBytes = StagedUpload.minStagedBytes();
    /** The host-side staging buffer large arrays are sent through, made on first use and kept. */
    private StagedUpload staging;
    private final BoxStorage boxStorage;

    private final boolean boxes;
    /** The instance array the box-layout roots were last made for, and those roots. */
    private float[] rootsMadeFor, roots;
    /** The grid or octree walked inside shapes (units 11, 12), or BVH for none; it reads the box layout's primitives. */
    private final AccelStructure accel;
    /** The structure and instance array the spatial roots were last made for, and those roots. */
    private SpatialLayout spatialMadeFor;
    private float[] spatialRootsMadeFor, spatialRoots;
    /** With portals: the voxel shapes' buffers. */
    private final PortalBuffers portals = new PortalBuffers();
    /** The environment map's texels and tables ({@link org.drtstudio.accel.EnvironmentMap#BINDING}), and the array they came from. */
    private ShaderStorageBuffer environment;
    private float[] environmentUploaded;

    GeometryImageTextures(GlInfo info, NodeKind nodes) {
        this(info, nodes, AccelStructure.BVH, BoxStorage.TEXTURES);
    }

    GeometryImageTextures(GlInfo info, NodeKind nodes, AccelStructure accel, BoxStorage boxStorage) {
        this.info = info;
        this.accel = accel;
        this.boxStorage = boxStorage;
        // Portals walk every shape that is not a voxel space through the box layout.
        this.boxes = nodes == NodeKind.BOXES && accel == AccelStructure.BVH || accel == AccelStructure.PORTALS;
    }

    /**
     * Whether a walk this renderer compiles reads the sphere tree's nodes: the box walk, portals and
     * the grid and octree walks do not (only the paired camera rays, which always walk spheres).
     */
    boolean walksSphereNodes() {
        return !boxes && !accel.spatial();
    }

    /** Brings the textures up to date with {@code image}, its sphere nodes included; returns the bytes uploaded. */
    long update(GeometryImage image) throws RenderException {
        return update(image, true);
    }

    /**
     * As {@link #update(GeometryImage)}; without {@code sphereNodes} the sphere tree's nodes are not sent
     * (a texture of them sent before for another image is freed): where no walk reads them they were a
     * third of the bytes, 640 MB of a 10M-triangle mesh's.
     */
    long update(GeometryImage image, boolean sphereNodes) throws RenderException {
        lastWithSphereNodes = sphereNodes;
        BoxLayout layout = boxes ? BoxLayout.of(image) : null;
        PortalShapes portalShapes = accel == AccelStructure.PORTALS ? PortalShapes.of(image) : null;
        if (boxes && (image.instances() != rootsMadeFor || portalShapes != portals.madeFor())) {
            roots = layout.instanceRoots(image.instances(), image.instanceCount());
            if (portalShapes != null) roots = withVoxelShapes(roots, portalShapes.instanceShapes(image.instances(), image.instanceCount()));
            rootsMadeFor = image.instances();
        }
        long bytes = portalShapes != null ? portals.update(portalShapes) : 0;
        SpatialLayout spatial = accel.spatial() ? SpatialLayouts.of(image, accel) : null;
        if (spatial != null && (spatial != spatialMadeFor || image.instances() != spatialRootsMadeFor)) {
            spatialRoots = spatial.instanceRoots(image.instances(), image.instanceCount());
            spatialMadeFor = spatial;
            spatialRootsMadeFor = image.instances();
        }
        // A layout whose primitives the CPU has not packed gets them made here from the image's (after the loop below).
        DeferredFloats leaves = boxes ? layout.leafPrimitives() : null;
        boolean makeLeaves = leaves != null && (leaves == leavesMade || !leaves.packed());
        float[] leafPrimitives = makeLeaves ? null : boxes ? layout.primitives() : spatial != null ? BoxLayout.of(image).primitives() : null;
        if (!makeLeaves) leavesMade = null; // before the slot is written: an update that fails midway must not leave the claim
        // Deferred nodes not yet packed were never sent; asking whether they were must not pack them.
        boolean sentAlready = image.sphereNodes().packed() && uploaded[NODES] == image.nodes();
        if (!sphereNodes && textures[NODES] != null && !sentAlready) {
            textures[NODES].close();
            textures[NODES] = null;
            uploaded[NODES] = null;
        }
        float[][] arrays = {sphereNodes ? image.nodes() : null, image.primitives(), image.vertices(), image.materials(), image.lights(),
                image.topNodes(), image.instances(), image.textures(),
                boxes ? layout.nodes() : null, leafPrimitives, boxes ? roots : null,
                spatial != null ? spatial.words() : null, spatial != null ? spatialRoots : null};
        for (int i = 0; i < arrays.length; i++) {
            if (arrays[i] == uploaded[i] || arrays[i] == null) continue;
            bytes += upload(i, arrays[i]);
            uploaded[i] = arrays[i];
        }
        if (makeLeaves && leaves != leavesMade) makeLeafPrimitives(leaves);
        return bytes + updateEnvironment(image.environment());
    }

    /** The box layout's primitives made on the GPU from the primitive and vertex textures just brought up to date. */
    private void makeLeafPrimitives(DeferredFloats leaves) throws RenderException {
        int count = Math.toIntExact(leaves.length() / (4 * BoxLayout.PRIMITIVE_TEXELS));
        uploaded[BOX_PRIMITIVES] = null;
        leavesMade = null; // until made, should the memory run out
        textures[PRIMITIVES].bindSampler(UNITS[PRIMITIVES]);
        textures[VERTICES].bindSampler(UNITS[VERTICES]);
        if (leafKernel == null) leafKernel = new GlBoxPrimitives();
        if (boxStorage == BoxStorage.BUFFERS) leafKernel.into(storageBuffer(BOX_PRIMITIVES, 4L * leaves.length()), count);
        else leafKernel.into(texture(BOX_PRIMITIVES, checkFits(NAMES[BOX_PRIMITIVES], leaves.length() / 4, info)), count);
        leavesMade = leaves;
    }

    /** Sends the map's array when it is not the one sent last (a new turn or strength shares it); returns the bytes sent. */
    private long updateEnvironment(org.drtstudio.accel.EnvironmentMap map) throws RenderException {
        if (map == null || map.data() == environmentUploaded) return 0;
        long limit = glGetInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE);
        if (map.bytes() > limit) {
            throw new RenderException("the environment picture needs " + map.bytes() / (1 << 20) + " MB, more than "
                    + "GL_MAX_SHADER_STORAGE_BLOCK_SIZE = " + limit / (1 << 20) + " MB of " + info.renderer() + "; use a smaller picture");
        }
        if (environment != null) environment.close();
        environment = null;
        environmentUploaded = null;
        environment = ShaderStorageBuffer.ofFloats(map.data());
        environmentUploaded = map.data();
        return map.bytes();
    }

    /** The roots with each instance's voxel shape (or −1) in the texel's y, as traverse_box.glsl reads it with portals. */
    private static float[] withVoxelShapes(float[] roots, int[] shapes) {
        float[] out = roots.clone();
        for (int k = 0; k < shapes.length; k++) out[4 * k + 1] = Float.intBitsToFloat(shapes[k]);
        return out;
    }

    /**
     * Sends every array of {@code image} again, into the textures already there where their sizes
     * match (as {@link #update} after an edit does): the benchmark's upload timing, which so
     * allocates and frees nothing (RayThroughput says why). Box-layout primitives the GPU makes are
     * made again, not sent: their time is in it, their bytes are not.
     */
    long rewrite(GeometryImage image) throws RenderException {
        Arrays.fill(uploaded, null);
        leavesMade = null;
        return update(image, lastWithSphereNodes);
    }

    private long upload(int slot, float[] data) throws RenderException {
        if (boxStorage == BoxStorage.BUFFERS && (slot == BOX_NODES || slot == BOX_PRIMITIVES)) return uploadBuffer(slot, data);
        int width = GeometryImageLayout.TEXTURE_WIDTH;
        int rows;
        rows = checkFits(NAMES[slot], data.length / 4, info);
        Texture2D t = texture(slot, rows);
        if (staged(data)) {
            staging().toTexture(t, data);
            return 4L * data.length;
        }
        int fullRows = (data.length / 4) / width;
        if (fullRows > 0) {
            float[] block = fullRows * width * 4 == data.length ? data : Arrays.copyOf(data, fullRows * width * 4);
            t.write(0, 0, width, fullRows, block);
        }
        int rest = data.length / 4 - fullRows * width;
        if (rest > 0) t.write(0, fullRows, rest, 1, Arrays.copyOfRange(data, fullRows * width * 4, data.length));
        return 4L * data.length;
    }

    /** As {@link #upload}, into a shader storage buffer made anew (the layout changes only with a new build). */
    private long uploadBuffer(int slot, float[] data) throws RenderException {
        checkStorageLimit(slot, 4L * data.length);
        if (staged(data)) {
            staging().toBuffer(storageBuffer(slot, 4L * data.length), data);
            return 4L * data.length;
        }
        if (buffers[slot] != null) buffers[slot].close();
        buffers[slot] = null; // not a closed buffer, should the new one fail
        buffers[slot] = ShaderStorageBuffer.ofFloats(data);
        stagedBuffer[slot] = false;
        return 4L * data.length;
    }

    /** Slot {@code slot}'s texture of {@code rows} rows: the one there when its row count matches (same-size updates write in place). */
    private Texture2D texture(int slot, int rows) {
        Texture2D t = textures[slot];
        if (t == null || t.height() != rows) {
            if (t != null) t.close();
            uploaded[slot] = null;
            textures[slot] = null;
            t = Texture2D.create(TextureFormat.RGBA32F, GeometryImageLayout.TEXTURE_WIDTH, rows);
            textures[slot] = t;
        }
        return t;
    }

    /**
     * Slot {@code slot}'s storage buffer of {@code bytes}: the one there when its size and kind match, as
     * textures are (a rewrite allocates nothing); device-local where the GL has buffer storage (4.4), so
     * that {@link StagedUpload} can fill it, else a plain one.
     */
    private ShaderStorageBuffer storageBuffer(int slot, long bytes) throws RenderException {
        checkStorageLimit(slot, bytes);
        boolean deviceLocal = StagedUpload.supported();
        if (buffers[slot] == null || buffers[slot].size() != bytes || stagedBuffer[slot] != deviceLocal) {
            if (buffers[slot] != null) buffers[slot].close();
            buffers[slot] = null; // not a closed buffer, should the new one fail
            uploaded[slot] = null;
            try {
                buffers[slot] = deviceLocal ? ShaderStorageBuffer.deviceLocal(bytes) : ShaderStorageBuffer.allocate(bytes);
            } catch (GpuMemoryException e) {
                throw new RenderException(e.getMessage() + " for the scene's " + NAMES[slot]);
            }
            stagedBuffer[slot] = deviceLocal;
        }
        return buffers[slot];
    }

    private void checkStorageLimit(int slot, long bytes) throws RenderException {
        long limit = glGetInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE);
        if (bytes > limit) {
            throw new RenderException("the scene's " + NAMES[slot] + " need " + bytes / (1 << 20)
                    + " MB, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE = " + limit / (1 << 20) + " MB of " + info.renderer());
        }
    }

    /**
     * Whether {@code data} goes through {@link StagedUpload}: large arrays, where the GL has buffer
     * storage (to measure against the direct path: {@code -Ddrt.stagedUpload=false}, and
     * {@code drt bench --suite full} reports upload_ms and upload_bytes).
     */
    private boolean staged(float[] data) {
        return 4L * data.length >= minStagedBytes && StagedUpload.supported();
    }

    /**
     * Makes the staging buffer now, warmed up ({@link StagedUpload#warmUp}), where the GL has buffer
     * storage and none was made yet: before a large scene's first update, so that its arrays do not
     * wait for it.
     */
    void prepareStaging() {
        if (staging != null || !StagedUpload.supported()) return;
        staging = StagedUpload.create();
        staging.warmUp();
    }

    /** Whether the staging buffer has been made; for tests. */
    boolean hasStaging() {
        return staging != null;
    }

    private StagedUpload staging() {
        if (staging == null) staging = StagedUpload.create();
        return staging;
    }

    /**
     * The rows an array of {@code texels} needs, wrapped at the data-texture width.
     *
     * @param what what the array holds, for the message ("textures", "nodes", ...)
     * @throws RenderException naming the limit when the rows (or the width) exceed GL_MAX_TEXTURE_SIZE
     */
    static int checkFits(String what, long texels, GlInfo info) throws RenderException {
        int width = GeometryImageLayout.TEXTURE_WIDTH;
        long rows = Math.max(1, (texels + width - 1) / width);
        if (rows > info.maxTextureSize() || width > info.maxTextureSize()) {
            throw new RenderException("the scene's " + what + " need " + rows + " rows of " + width
                    + " texels, more than GL_MAX_TEXTURE_SIZE = " + info.maxTextureSize() + " of " + info.renderer());
        }
        return (int) rows;
    }

    void bind() {
        for (int i = 0; i < textures.length; i++) if (textures[i] != null) textures[i].bindSampler(UNITS[i]);
        if (buffers[BOX_NODES] != null) buffers[BOX_NODES].bindBase(BoxLayout.NODES_BINDING);
        if (buffers[BOX_PRIMITIVES] != null) buffers[BOX_PRIMITIVES].bindBase(BoxLayout.PRIMITIVES_BINDING);
        portals.bind();
        if (environment != null) environment.bindBase(org.drtstudio.accel.EnvironmentMap.BINDING);
    }

    @Override
    public void close() {
        for (Texture2D t : textures) if (t != null) t.close();
        for (ShaderStorageBuffer b : buffers) if (b != null) b.close();
        if (environment != null) environment.close();
        if (staging != null) staging.close();
        if (leafKernel != null) leafKernel.close();
        portals.close();
    }
}
