package org.drtstudio.render.gl;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.lwjgl.opengl.GL20C.*;
import static org.lwjgl.opengl.GL41C.*;
import static org.lwjgl.opengl.GL43C.GL_COMPUTE_SHADER;
import static org.lwjgl.opengl.GL43C.GL_COMPUTE_WORK_GROUP_SIZE;
import static org.lwjgl.opengl.GL43C.glDispatchCompute;
import static org.lwjgl.opengl.GL43C.glDispatchComputeIndirect;

/**
 * A linked compute shader program. Build it from a {@link ShaderSource} (or a shader file with
 * {@link #load}) on the {@link GlThread}; compile and link errors become a
 * {@link ShaderCompileException} whose log points at the original files and lines.
 *
 * <p>Uniforms are set with {@code glProgramUniform*} (no need to bind first); locations are looked
 * up once per name. A name the driver does not know is ignored, as GL itself does with location
 * -1: a uniform a variant's code does not use is optimised away. A name the shader's source does
 * not declare at all is a misspelling, which GL would ignore as silently: with
 * {@code -Ddrt.gl.strictUniforms=true} (the tests run so) setting one throws. {@link #hasUniform} tells
 * whether the driver kept a uniform.
 *
 * <p>{@link #dispatch} issues no memory barrier: between a dispatch that writes an image and one
 * that reads it, call {@code glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT)}.
 * {@link PixelPackBuffer} and {@link ShaderStorageBuffer#read} issue their own.
 */
public final class ComputeProgram extends GlObject implements Uniforms {
    private final String shaderName;
    private final int[] localSize;
    private final Map<String, Integer> locations = new HashMap<>();
    /** The uniforms the source declares, whether or not a variant uses them. */
    private final Set<String> declared;
    /** Whether setting a uniform the source does not declare throws (tests), rather than being ignored as GL ignores it. */
    private static final boolean STRICT = Boolean.getBoolean("drt.gl.strictUniforms");
    /** A uniform declaration's name: the last identifier before ';' or '[' (not a block: no '{' in between). */
    private static final Pattern UNIFORM = Pattern.compile("\\buniform\\s+[^;{]*?(\\w+)\\s*(?:\\[[^\\]]*\\]\\s*)?;");

    private ComputeProgram(GlThread owner, int name, String shaderName, int[] localSize, Set<String> declared) {
        super(owner, name, "ComputeProgram " + shaderName);
        this.shaderName = shaderName;
        this.localSize = localSize;
        this.declared = declared;
    }

    /** The names of the uniforms {@code glsl} declares (outside uniform blocks). */
    static Set<String> declaredUniforms(String glsl) {
        Set<String> names = new java.util.HashSet<>();
        Matcher m = UNIFORM.matcher(glsl);
        while (m.find()) names.add(m.group(1));
        return Set.copyOf(names);
    }

    /**
     * Loads {@code file} from the classpath shader folder (see {@link ShaderLoader}) and builds it, with
     * the binding slots' defines ({@link ShaderBinding#glslDefines()}) before {@code defines}.
     */
    public static ComputeProgram load(String file, Map<String, String> defines) {
        Map<String, String> all = new java.util.LinkedHashMap<>(ShaderBinding.glslDefines());
        all.putAll(defines);
        return compile(ShaderLoader.fromClasspath().load(file, all));
    }

    /**
     * Compiles and links a compute program.
     *
     * @throws ShaderCompileException with the translated compile or link log
     */
    public static ComputeProgram compile(ShaderSource source) {
        GlThread owner = GlThread.requireCurrent("ComputeProgram.compile");
        int shader = glCreateShader(GL_COMPUTE_SHADER);
        glShaderSource(shader, source.text());
        glCompileShader(shader);
        if (glGetShaderi(shader, GL_COMPILE_STATUS) == GL_FALSE) {
            String log = glGetShaderInfoLog(shader);
            glDeleteShader(shader);
            throw new ShaderCompileException("compiling " + source.name() + " failed:\n" + source.translateLog(log));
        }
        int program = glCreateProgram();
        glAttachShader(program, shader);
        glLinkProgram(program);
        glDetachShader(program, shader);
        glDeleteShader(shader);
        if (glGetProgrami(program, GL_LINK_STATUS) == GL_FALSE) {
            String log = glGetProgramInfoLog(program);
            glDeleteProgram(program);
            throw new ShaderCompileException("linking " + source.name() + " failed:\n" + source.translateLog(log));
        }
        int[] localSize = new int[3];
        glGetProgramiv(program, GL_COMPUTE_WORK_GROUP_SIZE, localSize);
        return new ComputeProgram(owner, program, source.name(), localSize, declaredUniforms(source.text()));
    }

    /** The main shader file this program was built from. */
    public String shaderName() {
        return shaderName;
    }

    /** The shader's {@code local_size_x/y/z}, as a fresh array. */
    public int[] localSize() {
        return localSize.clone();
    }

    /** Runs {@code groupsX * groupsY * groupsZ} work groups. */
    public void dispatch(int groupsX, int groupsY, int groupsZ) {
        if (groupsX < 1 || groupsY < 1 || groupsZ < 1) {
            throw new IllegalArgumentException("work group counts must be positive: " + groupsX + ", " + groupsY + ", " + groupsZ);
        }
        glUseProgram(glName());
        glDispatchCompute(groupsX, groupsY, groupsZ);
        glUseProgram(0);
    }

    /**
     * Runs the work group counts (three uints) at byte {@code offset} of {@code counts}, written by
     * an earlier dispatch (after a {@code GL_COMMAND_BARRIER_BIT} barrier); counts of zero run nothing.
     */
    public void dispatchIndirect(ShaderStorageBuffer counts, long offset) {
        counts.bindAsDispatchIndirect();
        glUseProgram(glName());
        glDispatchComputeIndirect(offset);
        glUseProgram(0);
    }

    /** Work groups a row of {@link #dispatchItems} holds at most: GL promises 65,535 in each dimension. */
    private static final int GROUPS_PER_ROW = 32_768;

    /**
     * Runs enough work groups to give each of {@code count} items an invocation, in rows of at most
     * {@link #GROUPS_PER_ROW} groups; the shader finds its item as {@code (gl_WorkGroupID.y *
     * gl_NumWorkGroups.x + gl_WorkGroupID.x) * gl_WorkGroupSize.x + gl_LocalInvocationID.x} and skips
     * those from {@code count} on. At least one group runs.
     */
    public void dispatchItems(int count) {
        int groups = Math.max(1, ceilDiv(count, localSize[0]));
        dispatch(Math.min(groups, GROUPS_PER_ROW), ceilDiv(groups, GROUPS_PER_ROW), 1);
    }

    /**
     * Runs enough work groups to cover {@code width x height} invocations with this shader's local
     * size; the shader must skip invocations outside the image ({@code if (any(greaterThanEqual(p, size))) return;}).
     */
    public void dispatchCovering(int width, int height) {
        dispatch(ceilDiv(width, localSize[0]), ceilDiv(height, localSize[1]), 1);
    }

    /** Whether the driver kept {@code uniform} (declared and used by this variant's code); a question, so never strict. */
    public boolean hasUniform(String uniform) {
        return lookup(uniform) >= 0;
    }

    /**
     * This program's setters for a set of uniforms offered to several programs (the frame's camera,
     * lights and sampling, set on every wavefront pass): each name the source does not declare is
     * skipped, also in strict mode; the others are set as by this program.
     */
    public Uniforms declaredOnly() {
        ComputeProgram program = this;
        return new Uniforms() {
            @Override
            public void setInt(String uniform, int value) {
                if (declares(uniform)) program.setInt(uniform, value);
            }

            @Override
            public void setUInt(String uniform, int value) {
                if (declares(uniform)) program.setUInt(uniform, value);
            }

            @Override
            public void setFloat(String uniform, float value) {
                if (declares(uniform)) program.setFloat(uniform, value);
            }

            @Override
            public void setIVec2(String uniform, int x, int y) {
                if (declares(uniform)) program.setIVec2(uniform, x, y);
            }

            @Override
            public void setVec2(String uniform, float x, float y) {
                if (declares(uniform)) program.setVec2(uniform, x, y);
            }

            @Override
            public void setVec3(String uniform, float x, float y, float z) {
                if (declares(uniform)) program.setVec3(uniform, x, y, z);
            }

            @Override
            public void setVec4(String uniform, float x, float y, float z, float w) {
                if (declares(uniform)) program.setVec4(uniform, x, y, z, w);
            }
        };
    }

    /** Whether the program's source declares {@code uniform}, used or not (a part included only by some variants may). */
    public boolean declares(String uniform) {
        return declared.contains(uniform.replaceAll("[\\[.].*$", ""));
    }

    @Override
    public void setInt(String uniform, int value) {
        glProgramUniform1i(glName(), location(uniform), value);
    }

    @Override
    public void setUInt(String uniform, int value) {
        glProgramUniform1ui(glName(), location(uniform), value);
    }

    @Override
    public void setFloat(String uniform, float value) {
        glProgramUniform1f(glName(), location(uniform), value);
    }

    @Override
    public void setIVec2(String uniform, int x, int y) {
        glProgramUniform2i(glName(), location(uniform), x, y);
    }

    @Override
    public void setVec2(String uniform, float x, float y) {
        glProgramUniform2f(glName(), location(uniform), x, y);
    }

    @Override
    public void setVec3(String uniform, float x, float y, float z) {
        glProgramUniform3f(glName(), location(uniform), x, y, z);
    }

    @Override
    public void setVec4(String uniform, float x, float y, float z, float w) {
        glProgramUniform4f(glName(), location(uniform), x, y, z, w);
    }

    /** Sets a {@code mat4} from 16 floats in column-major order (JOML's {@code Matrix4f.get(float[])}). */
    public void setMat4(String uniform, float[] columnMajor) {
        if (columnMajor.length != 16) {
            throw new IllegalArgumentException("mat4 needs 16 floats, got " + columnMajor.length);
        }
        glProgramUniformMatrix4fv(glName(), location(uniform), false, columnMajor);
    }

    @Override
    void delete(int name) {
        glDeleteProgram(name);
    }

    private int location(String uniform) {
        if (STRICT && !declares(uniform)) {
            throw new IllegalArgumentException(shaderName + " declares no uniform '" + uniform + "'");
        }
        return lookup(uniform);
    }

    private int lookup(String uniform) {
        int program = glName();
        return locations.computeIfAbsent(uniform, u -> glGetUniformLocation(program, u));
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
