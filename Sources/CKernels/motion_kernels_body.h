// The body of the motion kernels (include/motion_kernels.h), included once per build by
// motion_kernels.c with LENSD_NAME(n) and LENSD_TARGET defined as for the row kernels.
// Vectors are eight floats in both builds; only the instructions that carry them differ.

typedef float LENSD_NAME(floats) __attribute__((ext_vector_type(8)));
typedef uint32_t LENSD_NAME(words) __attribute__((ext_vector_type(8)));
#define FLOATS LENSD_NAME(floats)
#define WORDS LENSD_NAME(words)
#define LOAD_FLOATS(pointer) ({ FLOATS loaded_; __builtin_memcpy(&loaded_, (pointer), sizeof loaded_); loaded_; })
// |x| by clearing the sign bit, as the Swift code did.
#define MAGNITUDE(value) ((FLOATS)((WORDS)(value) & (WORDS)0x7FFFFFFFu))

LENSD_TARGET void LENSD_NAME(lensd_absolute_difference_sums)(
    const float *current, const float *previous, int width, int height, int margin, int dy, const int32_t *dx,
    float *lanes, float *tails
) {
    const int row_length = width - 2 * margin;
    if (row_length <= 0 || height - 2 * margin <= 0) return;
    FLOATS sum0 = LOAD_FLOATS(lanes), sum1 = LOAD_FLOATS(lanes + 8), sum2 = LOAD_FLOATS(lanes + 16), sum3 = LOAD_FLOATS(lanes + 24);
    float tail0 = tails[0], tail1 = tails[1], tail2 = tails[2], tail3 = tails[3];
    const int chunks = row_length / 8;
    for (int y = margin; y < height - margin; y++) {
        const float *row = current + (long)(y + dy) * width + margin;
        const float *a0 = row + dx[0], *a1 = row + dx[1], *a2 = row + dx[2], *a3 = row + dx[3];
        const float *b = previous + (long)y * width + margin;
        for (int chunk = 0; chunk < chunks; chunk++) {
            const int offset = chunk * 8;
            const FLOATS reference = LOAD_FLOATS(b + offset);
            sum0 += MAGNITUDE(LOAD_FLOATS(a0 + offset) - reference);
            sum1 += MAGNITUDE(LOAD_FLOATS(a1 + offset) - reference);
            sum2 += MAGNITUDE(LOAD_FLOATS(a2 + offset) - reference);
            sum3 += MAGNITUDE(LOAD_FLOATS(a3 + offset) - reference);
        }
        for (int x = chunks * 8; x < row_length; x++) {
            const float reference = b[x];
            tail0 += __builtin_fabsf(a0[x] - reference);
            tail1 += __builtin_fabsf(a1[x] - reference);
            tail2 += __builtin_fabsf(a2[x] - reference);
            tail3 += __builtin_fabsf(a3[x] - reference);
        }
    }
    __builtin_memcpy(lanes, &sum0, sizeof sum0);
    __builtin_memcpy(lanes + 8, &sum1, sizeof sum1);
    __builtin_memcpy(lanes + 16, &sum2, sizeof sum2);
    __builtin_memcpy(lanes + 24, &sum3, sizeof sum3);
    tails[0] = tail0;
    tails[1] = tail1;
    tails[2] = tail2;
    tails[3] = tail3;
}

#undef FLOATS
#undef WORDS
#undef LOAD_FLOATS
#undef MAGNITUDE
