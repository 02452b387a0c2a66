// The pattern of pattern.comp, in an included file to exercise #include and #define together.
float patternValue(ivec2 p, int width) {
    return float(p.x + p.y * width + PATTERN_OFFSET);
}
