package org.drtstudio.render.gl;

/**
 * A shader could not be built: a source file is missing, an {@code #include} is malformed or
 * cyclic, a define is invalid, or the driver rejected the program. The message names the shader
 * and, for driver errors, carries the compiler log with each line pointing at the original file
 * and line ({@code test/lib/helper.glsl:4:7: error: syntax error ...}).
 */
public class ShaderCompileException extends RuntimeException {
    public ShaderCompileException(String message) {
        super(message);
    }
}
