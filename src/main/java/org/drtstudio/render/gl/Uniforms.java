package org.drtstudio.render.gl;

/**
 * Setters of a program's uniforms by name. {@link ComputeProgram} itself is one (strict in tests:
 * a name its source does not declare throws); {@link ComputeProgram#declaredOnly} is another, for
 * a set of uniforms offered to every pass of a frame, each pass taking the ones it declares.
 */
public interface Uniforms {
    void setInt(String uniform, int value);

    void setUInt(String uniform, int value);

    void setFloat(String uniform, float value);

    void setIVec2(String uniform, int x, int y);

    void setVec2(String uniform, float x, float y);

    void setVec3(String uniform, float x, float y, float z);

    void setVec4(String uniform, float x, float y, float z, float w);
}
