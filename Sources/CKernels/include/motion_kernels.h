#ifndef LENSD_MOTION_KERNELS_H
#define LENSD_MOTION_KERNELS_H

// Float loops of the Tracking module's motion search, built twice like the row kernels
// (row_kernels.h): eight floats a step as two 16-byte halves (SSE2) or as one 32-byte vector
// (AVX2, picked at run time). Each of the eight lanes adds its own values in the same order in
// both builds, so both give the same sums, bit for bit.

#include <stdint.h>

/// The sums behind the mean absolute differences between `current` at `p + (dx[k], dy)` and
/// `previous` at `p`, over the pixels `p` at least `margin` from every edge of the
/// `width × height` planes, for four offsets `dx[0...3]` at once. Each offset's row stretch is
/// summed eight pixels at a time into its own eight lanes (`lanes[8k ... 8k + 7]`, which must start
/// at zero), the stretch's last `(width - 2 margin) % 8` pixels one at a time into `tails[k]`.
/// The caller must keep every `p + (dx[k], dy)` inside the plane.
void lensd_absolute_difference_sums(
    const float *current, const float *previous, int width, int height, int margin, int dy, const int32_t *dx,
    float *lanes, float *tails);
void lensd_absolute_difference_sums_narrow(
    const float *current, const float *previous, int width, int height, int margin, int dy, const int32_t *dx,
    float *lanes, float *tails);
void lensd_absolute_difference_sums_wide(
    const float *current, const float *previous, int width, int height, int margin, int dy, const int32_t *dx,
    float *lanes, float *tails);

#endif
