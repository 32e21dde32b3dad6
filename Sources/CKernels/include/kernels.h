#ifndef LENSD_KERNELS_H
#define LENSD_KERNELS_H

// Small vector kernels for the Tracking module's change detection, where Swift's SIMD types
// compile integer lane comparisons and lane inserts one lane at a time. Header only: each function is `static inline`, so the Swift
// compiler inlines it at its call.
//
// Every kernel gives the same results on every architecture: SSE2 (all x86-64 CPUs) where the
// compiler has it, plain C elsewhere. Floating-point contraction is off, so `a * b + c` is two
// roundings, as in Swift.

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#pragma STDC FP_CONTRACT OFF

// MARK: - Scene change residuals

/// What one pixel adds to its cell in `SceneChangeDetector`'s residuals: whether its source
/// position lies in the reference (`*visible`), and if so `|pixel - predicted|`, where the
/// prediction is the pixel's value (less the exposure `offset`) clipped to the range of the four
/// reference pixels around its source position, plus `offset`. The source position is
/// `(a·x − turned + tx, b·x + scaled + ty)` in doubles (`turned = b·y`, `scaled = a·y`), and the
/// four pixels are those at and after its truncation, clamped to the image.
static inline float lensd_scene_residual(
    float pixel, double x, const float *reference, int width, int height,
    double a, double b, double tx, double ty, double turned, double scaled, float offset, int *visible
) {
    const double fx = a * x - turned + tx;
    const double fy = b * x + scaled + ty;
    const int maxX = width - 1, maxY = height - 1;
    if (!(fx >= -0.5 && fy >= -0.5 && fx <= (double)maxX + 0.5 && fy <= (double)maxY + 0.5)) {
        *visible = 0;
        return 0.0f;
    }
    *visible = 1;
    int x0 = (int)(fx > 0.0 ? fx : 0.0), y0 = (int)(fy > 0.0 ? fy : 0.0);
    if (x0 > maxX) x0 = maxX;
    if (y0 > maxY) y0 = maxY;
    const int x1 = x0 < maxX ? x0 + 1 : maxX, y1 = y0 < maxY ? y0 + 1 : maxY;
    const float p00 = reference[y0 * width + x0], p01 = reference[y0 * width + x1];
    const float p10 = reference[y1 * width + x0], p11 = reference[y1 * width + x1];
    // Swift's `min(u, v)` is `v < u ? v : u`, its `max(u, v)` is `v >= u ? v : u`.
    const float lowTop = p01 < p00 ? p01 : p00, lowBottom = p11 < p10 ? p11 : p10;
    const float highTop = p01 >= p00 ? p01 : p00, highBottom = p11 >= p10 ? p11 : p10;
    const float low = lowBottom < lowTop ? lowBottom : lowTop;
    const float high = highBottom >= highTop ? highBottom : highTop;
    const float value = pixel - offset;
    const float predicted = value < low ? low + offset : (value > high ? high + offset : value + offset);
    const float difference = pixel - predicted;
    return difference < 0.0f ? -difference : difference;
}

/// Adds one row of `SceneChangeDetector`'s residuals to its row of cells: for each of the row's
/// `count` pixels (`row`, at `y`), `lensd_scene_residual` to `sums[x / cell]` and 1 to
/// `counts[x / cell]` when its source is in view, else `entered[x / cell]` set to 1. Each cell's sum takes its pixels'
/// residuals one by one, left to right, as a loop over single pixels does.
static inline void lensd_scene_residual_row(
    const float *row, int count, int y, const float *reference, int width, int height,
    double a, double b, double tx, double ty, float offset, int cell,
    float *sums, int64_t *counts, uint8_t *entered
) {
    const double turned = b * (double)y, scaled = a * (double)y;
    int x = 0, index = 0, cellEnd = cell;
    // The current cell's sum and count, kept in registers until the row leaves the cell.
    float sum = count > 0 ? sums[0] : 0.0f;
    int64_t shownCount = count > 0 ? counts[0] : 0;
#if defined(__SSE2__)
    const int maxX = width - 1, maxY = height - 1;
    const __m128d va = _mm_set1_pd(a), vb = _mm_set1_pd(b), vtx = _mm_set1_pd(tx), vty = _mm_set1_pd(ty);
    const __m128d vturned = _mm_set1_pd(turned), vscaled = _mm_set1_pd(scaled);
    const __m128d least = _mm_set1_pd(-0.5), rightmost = _mm_set1_pd((double)maxX + 0.5), lowest = _mm_set1_pd((double)maxY + 0.5);
    const __m128d zero = _mm_setzero_pd(), lastX = _mm_set1_pd((double)maxX), lastY = _mm_set1_pd((double)maxY);
    const __m128 offsets = _mm_set1_ps(offset);
    for (; x + 4 <= count; x += 4) {
        __m128i x0s, y0s;
        __m128 visible;
        {
            const __m128d xs01 = _mm_set_pd((double)(x + 1), (double)x), xs23 = _mm_set_pd((double)(x + 3), (double)(x + 2));
            const __m128d fx01 = _mm_add_pd(_mm_sub_pd(_mm_mul_pd(va, xs01), vturned), vtx);
            const __m128d fx23 = _mm_add_pd(_mm_sub_pd(_mm_mul_pd(va, xs23), vturned), vtx);
            const __m128d fy01 = _mm_add_pd(_mm_add_pd(_mm_mul_pd(vb, xs01), vscaled), vty);
            const __m128d fy23 = _mm_add_pd(_mm_add_pd(_mm_mul_pd(vb, xs23), vscaled), vty);
            const __m128d in01 = _mm_and_pd(_mm_and_pd(_mm_cmpge_pd(fx01, least), _mm_cmpge_pd(fy01, least)),
                                            _mm_and_pd(_mm_cmple_pd(fx01, rightmost), _mm_cmple_pd(fy01, lowest)));
            const __m128d in23 = _mm_and_pd(_mm_and_pd(_mm_cmpge_pd(fx23, least), _mm_cmpge_pd(fy23, least)),
                                            _mm_and_pd(_mm_cmple_pd(fx23, rightmost), _mm_cmple_pd(fy23, lowest)));
            visible = _mm_shuffle_ps(_mm_castpd_ps(in01), _mm_castpd_ps(in23), _MM_SHUFFLE(2, 0, 2, 0));
            // Truncating after clamping to [0, last] is clamping after truncating; a NaN or a
            // position far outside (out of view, ignored) becomes 0 or the last pixel.
            x0s = _mm_unpacklo_epi64(_mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(fx01, zero), lastX)),
                                     _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(fx23, zero), lastX)));
            y0s = _mm_unpacklo_epi64(_mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(fy01, zero), lastY)),
                                     _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(fy23, zero), lastY)));
        }
        int32_t xs[4], ys[4];
        _mm_storeu_si128((__m128i *)xs, x0s);
        _mm_storeu_si128((__m128i *)ys, y0s);
        // The four pixels around each lane's source, put together in registers (four scalar
        // stores read back as one vector would stall on store forwarding).
        const float *s0 = reference + ys[0] * width + xs[0], *s1 = reference + ys[1] * width + xs[1];
        const float *s2 = reference + ys[2] * width + xs[2], *s3 = reference + ys[3] * width + xs[3];
        const int r0 = xs[0] < maxX, r1 = xs[1] < maxX, r2 = xs[2] < maxX, r3 = xs[3] < maxX;
        const int b0 = ys[0] < maxY ? width : 0, b1 = ys[1] < maxY ? width : 0;
        const int b2 = ys[2] < maxY ? width : 0, b3 = ys[3] < maxY ? width : 0;
        const __m128 p00 = _mm_set_ps(s3[0], s2[0], s1[0], s0[0]);
        const __m128 p01 = _mm_set_ps(s3[r3], s2[r2], s1[r1], s0[r0]);
        const __m128 p10 = _mm_set_ps(s3[b3], s2[b2], s1[b1], s0[b0]);
        const __m128 p11 = _mm_set_ps(s3[b3 + r3], s2[b2 + r2], s1[b1 + r1], s0[b0 + r0]);
        // `_mm_min_ps(v, u)` is `v < u ? v : u`, Swift's `min(u, v)`; `_mm_max_ps(u, v)` is
        // `u > v ? u : v`, Swift's `max(u, v)`.
        const __m128 low = _mm_min_ps(_mm_min_ps(p11, p10), _mm_min_ps(p01, p00));
        const __m128 high = _mm_max_ps(_mm_max_ps(p00, p01), _mm_max_ps(p10, p11));
        const __m128 pixels = _mm_loadu_ps(row + x);
        const __m128 value = _mm_sub_ps(pixels, offsets);
        const __m128 below = _mm_cmplt_ps(value, low), above = _mm_cmpgt_ps(value, high);
        __m128 clipped = _mm_or_ps(_mm_and_ps(above, high), _mm_andnot_ps(above, value));
        clipped = _mm_or_ps(_mm_and_ps(below, low), _mm_andnot_ps(below, clipped));
        const __m128 difference = _mm_sub_ps(pixels, _mm_add_ps(clipped, offsets));
        const __m128 residual = _mm_and_ps(_mm_andnot_ps(_mm_set1_ps(-0.0f), difference), visible);
        float residuals[4];
        _mm_storeu_ps(residuals, residual);
        const int shown = _mm_movemask_ps(visible);
        for (int lane = 0; lane < 4; lane++) {
            if (x + lane == cellEnd) {
                sums[index] = sum;
                counts[index] = shownCount;
                index += 1;
                cellEnd += cell;
                sum = sums[index];
                shownCount = counts[index];
            }
            // An out-of-view pixel adds +0, which leaves a sum of non-negative terms as it was.
            sum += residuals[lane];
            if (shown & (1 << lane)) shownCount += 1;
            else entered[index] = 1;
        }
    }
#endif
    for (; x < count; x++) {
        int visible = 0;
        const float residual = lensd_scene_residual(row[x], (double)x, reference, width, height, a, b, tx, ty, turned, scaled, offset, &visible);
        if (x == cellEnd) {
            sums[index] = sum;
            counts[index] = shownCount;
            index += 1;
            cellEnd += cell;
            sum = sums[index];
            shownCount = counts[index];
        }
        if (visible) {
            sum += residual;
            shownCount += 1;
        } else {
            entered[index] = 1;
        }
    }
    if (count > 0) {
        sums[index] = sum;
        counts[index] = shownCount;
    }
}

#endif
