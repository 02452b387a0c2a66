// Deliberately broken: the error is on line 4.
float helper() {
    float a = 1.0;
    float b = a +* 2.0;
    return b;
}
