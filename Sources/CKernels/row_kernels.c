#include <stddef.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "row_kernels.h"

#define LENSD_BYTES 16
#define LENSD_NAME(name) name##_narrow
#define LENSD_TARGET
#if defined(__x86_64__)
#define LENSD_MOVEMASK(v) ((uint32_t)(uint16_t)_mm_movemask_epi8((__m128i)(v)))
#else
#define LENSD_MOVEMASK(v) ({ \
    uint8_t bytes_[LENSD_BYTES]; __builtin_memcpy(bytes_, &(v), LENSD_BYTES); uint32_t mask_ = 0; \
    for (int byte_ = 0; byte_ < LENSD_BYTES; byte_++) mask_ |= (uint32_t)(bytes_[byte_] >> 7) << byte_; mask_; })
#endif
#include "row_kernels_body.h"
#undef LENSD_BYTES
#undef LENSD_NAME
#undef LENSD_TARGET
#undef LENSD_MOVEMASK

#if defined(__x86_64__) && defined(__clang__)
#define LENSD_BYTES 32
#define LENSD_NAME(name) name##_wide
#define LENSD_TARGET __attribute__((target("avx2")))
#define LENSD_MOVEMASK(v) ((uint32_t)_mm256_movemask_epi8((__m256i)(v)))
#include "row_kernels_body.h"
#undef LENSD_BYTES
#undef LENSD_NAME
#undef LENSD_TARGET
#undef LENSD_MOVEMASK

int lensd_has_wide_vectors(void) {
    return __builtin_cpu_supports("avx2");
}
#else
// No wider build: the `_wide` names run the narrow one.
int lensd_has_wide_vectors(void) { return 0; }

int lensd_row_steps_wide(const uint8_t *row, int width, uint8_t threshold, uint8_t *steps) {
    return lensd_row_steps_narrow(row, width, threshold, steps);
}

void lensd_stroke_pairs_wide(const uint8_t *steps, int width, int pairing, uint8_t *first, uint8_t *second, uint8_t *marks) {
    lensd_stroke_pairs_narrow(steps, width, pairing, first, second, marks);
}

void lensd_chain_step_wide(
    const uint8_t *marks, int width, uint8_t straight_rows,
    const uint8_t *previous_lengths, const uint8_t *previous_straight, uint8_t *lengths, uint8_t *straight
) {
    lensd_chain_step_narrow(marks, width, straight_rows, previous_lengths, previous_straight, lengths, straight);
}

void lensd_drop_long_chains_wide(uint8_t *marks, const uint8_t *down, const uint8_t *up, int count, uint8_t cap) {
    lensd_drop_long_chains_narrow(marks, down, up, count, cap);
}

void lensd_halve_wide(const uint8_t *source, int width, int height, int stride, uint8_t *output) {
    lensd_halve_narrow(source, width, height, stride, output);
}

int lensd_gather_marks_wide(const uint8_t *row, int count, uint64_t *bits) {
    return lensd_gather_marks_narrow(row, count, bits);
}
#endif

int lensd_row_steps(const uint8_t *row, int width, uint8_t threshold, uint8_t *steps) {
    return lensd_has_wide_vectors()
        ? lensd_row_steps_wide(row, width, threshold, steps)
        : lensd_row_steps_narrow(row, width, threshold, steps);
}

void lensd_stroke_pairs(const uint8_t *steps, int width, int pairing, uint8_t *first, uint8_t *second, uint8_t *marks) {
    if (lensd_has_wide_vectors()) {
        lensd_stroke_pairs_wide(steps, width, pairing, first, second, marks);
    } else {
        lensd_stroke_pairs_narrow(steps, width, pairing, first, second, marks);
    }
}

void lensd_chain_step(
    const uint8_t *marks, int width, uint8_t straight_rows,
    const uint8_t *previous_lengths, const uint8_t *previous_straight, uint8_t *lengths, uint8_t *straight
) {
    if (lensd_has_wide_vectors()) {
        lensd_chain_step_wide(marks, width, straight_rows, previous_lengths, previous_straight, lengths, straight);
    } else {
        lensd_chain_step_narrow(marks, width, straight_rows, previous_lengths, previous_straight, lengths, straight);
    }
}

void lensd_drop_long_chains(uint8_t *marks, const uint8_t *down, const uint8_t *up, int count, uint8_t cap) {
    if (lensd_has_wide_vectors()) {
        lensd_drop_long_chains_wide(marks, down, up, count, cap);
    } else {
        lensd_drop_long_chains_narrow(marks, down, up, count, cap);
    }
}

void lensd_halve(const uint8_t *source, int width, int height, int stride, uint8_t *output) {
    if (lensd_has_wide_vectors()) {
        lensd_halve_wide(source, width, height, stride, output);
    } else {
        lensd_halve_narrow(source, width, height, stride, output);
    }
}

int lensd_gather_marks(const uint8_t *row, int count, uint64_t *bits) {
    return lensd_has_wide_vectors() ? lensd_gather_marks_wide(row, count, bits) : lensd_gather_marks_narrow(row, count, bits);
}
