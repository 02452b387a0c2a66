package org.drtstudio.render.gl;

import java.util.HashMap;
import java.util.Map;

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
 * up once per name. A name the driver does not know (misspelt, or unused and optimised away) is
 * ignored, as GL itself does with location -1; use {@link #hasUniform} to tell.
 *
 * <p>{@link #dispatch} issues no memory barrier: between a dispatch that writes an image and one
 * that reads it, call {@code glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT)}.
 * {@link PixelPackBuffer} and {@link ShaderStorageBuffer#read} issue their own.
 */
public final class ComputeProgram extends GlObject {
    private final String shaderName;
    private final int[] localSize;
    private final Map<String, Integer> locations = new HashMap<>();

    private ComputeProgram(GlThread owner, int name, String shaderName, int[] localSize) {
        super(owner, name, "ComputeProgram " + shaderName);
        this.shaderName = shaderName;
        this.localSize = localSize;
    }

    /** Loads {@code file} from the classpath shader folder (see {@link ShaderLoader}) and builds it. */
    public static ComputeProgram load(String file, Map<String, String> defines) {
        return compile(ShaderLoader.fromClasspath().load(file, defines));
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
        return new ComputeProgram(owner, program, source.name(), localSize);
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

    /**
     * Runs enough work groups to cover {@code width x height} invocations with this shader's local
     * size; the shader must skip invocations outside the image ({@code if (any(greaterThanEqual(p, size))) return;}).
     */
    public void dispatchCovering(int width, int height) {
        dispatch(ceilDiv(width, localSize[0]), ceilDiv(height, localSize[1]), 1);
    }

    public boolean hasUniform(String uniform) {
        return location(uniform) >= 0;
    }

    public void setInt(String uniform, int value) {
        glProgramUniform1i(glName(), location(uniform), value);
    }

    public void setUInt(String uniform, int value) {
        glProgramUniform1ui(glName(), location(uniform), value);
    }

    public void setFloat(String uniform, float value) {
        glProgramUniform1f(glName(), location(uniform), value);
    }

    public void setIVec2(String uniform, int x, int y) {
        glProgramUniform2i(glName(), location(uniform), x, y);
    }

    public void setVec2(String uniform, float x, float y) {
        glProgramUniform2f(glName(), location(uniform), x, y);
    }

    public void setVec3(String uniform, float x, float y, float z) {
        glProgramUniform3f(glName(), location(uniform), x, y, z);
    }

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
        int program = glName();
        return locations.computeIfAbsent(uniform, u -> glGetUniformLocation(program, u));
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
