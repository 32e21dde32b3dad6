#ifndef LENSD_ROW_KERNELS_H
#define LENSD_ROW_KERNELS_H

// Byte loops of the OCR module's text-line proposals (`TextRegionDetector`), one image row or one
// plane at a time. Each comes in two builds of the same source: 16-byte vectors (SSE2, every x86-64
// CPU; other architectures get their own 16-byte vectors or plain loops) and 32-byte vectors (AVX2).
// The plain name picks the AVX2 build when the CPU has it (`__builtin_cpu_supports`), so one
// binary runs on every x86-64 CPU and uses AVX2 where there is one. Every operation is bytewise
// and the same in both, so both give the same bytes; the `_narrow` and `_wide` names are there
// for tests that compare the two.

#include <stdint.h>

/// Whether the `_wide` (AVX2) builds of these and the motion kernels (motion_kernels.h) can run on
/// this CPU: the plain names use them when it can.
int lensd_has_wide_vectors(void);

/// Writes to `steps[x]`, for `x` in `1 ..< width - 1`, 1 where the luma rises by `threshold` or
/// more from `x - 1` to `x + 1`, 2 where it falls by as much, 0 elsewhere; `steps[0]` and
/// `steps[width - 1]` are left alone. Returns whether there is any step.
int lensd_row_steps(const uint8_t *row, int width, uint8_t threshold, uint8_t *steps);
int lensd_row_steps_narrow(const uint8_t *row, int width, uint8_t threshold, uint8_t *steps);
int lensd_row_steps_wide(const uint8_t *row, int width, uint8_t threshold, uint8_t *steps);

/// Writes to `marks` (`width` bytes) 1 for a rising step (`steps` 1) with a falling one at most
/// `pairing` pixels away on either side, 3 for a falling step (`steps` 2) with a rising one that
/// near, 0 elsewhere. `first` and `second` are scratch rows of at least `width + 2 * pairing` bytes.
void lensd_stroke_pairs(const uint8_t *steps, int width, int pairing, uint8_t *first, uint8_t *second, uint8_t *marks);
void lensd_stroke_pairs_narrow(const uint8_t *steps, int width, int pairing, uint8_t *first, uint8_t *second, uint8_t *marks);
void lensd_stroke_pairs_wide(const uint8_t *steps, int width, int pairing, uint8_t *first, uint8_t *second, uint8_t *marks);

/// One row of vertical chains of marks from the row before it (`VerticalChainLengths`): each mark
/// continues the longest chain through the same column, or through a column beside it whose chain
/// has stayed `straight_rows` rows in its column, and counts the rows it has stayed in its own.
/// All four rows are `width` bytes; the neighbours of the first and last columns count as zero.
void lensd_chain_step(
    const uint8_t *marks, int width, uint8_t straight_rows,
    const uint8_t *previous_lengths, const uint8_t *previous_straight, uint8_t *lengths, uint8_t *straight);
void lensd_chain_step_narrow(
    const uint8_t *marks, int width, uint8_t straight_rows,
    const uint8_t *previous_lengths, const uint8_t *previous_straight, uint8_t *lengths, uint8_t *straight);
void lensd_chain_step_wide(
    const uint8_t *marks, int width, uint8_t straight_rows,
    const uint8_t *previous_lengths, const uint8_t *previous_straight, uint8_t *lengths, uint8_t *straight);

/// Sets to 2 (ignored) each of the `count` marks whose chains down and up (`down + up`, each
/// saturated at 255) add up to more than `cap`: `down > cap - min(up, cap)`.
void lensd_drop_long_chains(uint8_t *marks, const uint8_t *down, const uint8_t *up, int count, uint8_t cap);
void lensd_drop_long_chains_narrow(uint8_t *marks, const uint8_t *down, const uint8_t *up, int count, uint8_t cap);
void lensd_drop_long_chains_wide(uint8_t *marks, const uint8_t *down, const uint8_t *up, int count, uint8_t cap);

/// Halves an 8-bit image with a rounded 2x2 mean, `(sum + 2) / 4`: `width / 2` by `height / 2`
/// bytes into `output`, row after row with no padding; `source` rows are `stride` bytes apart.
void lensd_halve(const uint8_t *source, int width, int height, int stride, uint8_t *output);
void lensd_halve_narrow(const uint8_t *source, int width, int height, int stride, uint8_t *output);
void lensd_halve_wide(const uint8_t *source, int width, int height, int stride, uint8_t *output);

/// Sets bit `x % 64` of word `x / 64` of `bits` for every one of the `count` bytes of `row` whose
/// lowest bit is set (a stroke mark), and clears the others up to `count`; bits of the last word
/// past `count` are cleared too. Returns whether any bit is set.
int lensd_gather_marks(const uint8_t *row, int count, uint64_t *bits);
int lensd_gather_marks_narrow(const uint8_t *row, int count, uint64_t *bits);
int lensd_gather_marks_wide(const uint8_t *row, int count, uint64_t *bits);

#endif
