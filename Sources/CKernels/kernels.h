#ifndef LENSD_KERNELS_H
#define LENSD_KERNELS_H

// Small vector kernels for the OCR module's stand-ins for libtesseract's network steps, where
// Swift's SIMD types compile float-to-integer conversions, integer lane comparisons and lane
// inserts one lane at a time. Header only: each function is `static inline`, so the Swift
// compiler inlines it at its call.
//
// Every kernel gives the same results on every architecture: SSE2 (all x86-64 CPUs) where the
// compiler has it, plain C elsewhere. Floating-point contraction is off, so `a * b + c` is two
// roundings, as in Swift and in libtesseract's build.

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#pragma STDC FP_CONTRACT OFF

/// Eight floats, a Swift `SIMD8<Float>`.
typedef float lensd_float8 __attribute__((ext_vector_type(8)));
/// Eight bytes, a Swift `SIMD8<Int8>`.
typedef int8_t lensd_int8x8 __attribute__((ext_vector_type(8)));

// MARK: - Network outputs as bytes

/// libtesseract's byte for one value of a network's output (`NetworkIO::WriteTimeStepPart`:
/// `ClipToRange(IntCastRounded(value * 127), -127, 127)`), with its conversion's result for
/// values beyond `int` and NaN (the x86 "integer indefinite", which clips to -127).
static inline int8_t lensd_quantized(float value) {
    const float scaled = value * 127.0f;
    const int positive = scaled >= 0.0f;
    const float magnitude = positive ? scaled + 0.5f : 0.5f - scaled;
    if (!(magnitude < 2147483648.0f)) return -127;
    const int32_t whole = (int32_t)magnitude;
    if (whole > 127) return positive ? 127 : -127;
    return (int8_t)(positive ? whole : -whole);
}

#if defined(__SSE2__)
/// `lensd_quantized` of four values, as 32-bit integers before clipping: INT32_MIN where the
/// conversion fails (NaN, 2^31 or more), which clips to -127 as it must.
static inline __m128i lensd_quantized_unclipped4(__m128 values) {
    const __m128 scaled = _mm_mul_ps(values, _mm_set1_ps(127.0f));
    const __m128 positive = _mm_cmpge_ps(scaled, _mm_setzero_ps());
    const __m128 up = _mm_add_ps(scaled, _mm_set1_ps(0.5f));
    const __m128 down = _mm_sub_ps(_mm_set1_ps(0.5f), scaled);
    const __m128 magnitude = _mm_or_ps(_mm_and_ps(positive, up), _mm_andnot_ps(positive, down));
    const __m128i whole = _mm_cvttps_epi32(magnitude);
    const __m128i negated = _mm_sub_epi32(_mm_setzero_si128(), whole);
    const __m128i sign = _mm_castps_si128(positive);
    return _mm_or_si128(_mm_and_si128(sign, whole), _mm_andnot_si128(sign, negated));
}
#endif

/// `lensd_quantized` of eight values.
static inline lensd_int8x8 lensd_quantized8(lensd_float8 values) {
    lensd_int8x8 bytes;
#if defined(__SSE2__)
    __m128 low, high;
    memcpy(&low, &values, sizeof low);
    memcpy(&high, (const char *)&values + sizeof low, sizeof high);
    // Saturating packs keep every value's side of ±127; the clip then gives ±127 or the value.
    __m128i words = _mm_packs_epi32(lensd_quantized_unclipped4(low), lensd_quantized_unclipped4(high));
    words = _mm_min_epi16(_mm_max_epi16(words, _mm_set1_epi16(-127)), _mm_set1_epi16(127));
    const __m128i packed = _mm_packs_epi16(words, words);
    memcpy(&bytes, &packed, sizeof bytes);
#else
    for (int lane = 0; lane < 8; lane++) bytes[lane] = lensd_quantized(values[lane]);
#endif
    return bytes;
}

/// `lensd_quantized` of `count` values into `bytes`.
static inline void lensd_quantize(const float *values, int8_t *bytes, int count) {
    int index = 0;
    for (; index + 8 <= count; index += 8) {
        lensd_float8 chunk;
        memcpy(&chunk, values + index, sizeof chunk);
        const lensd_int8x8 quantized = lensd_quantized8(chunk);
        memcpy(bytes + index, &quantized, sizeof quantized);
    }
    for (; index < count; index++) bytes[index] = lensd_quantized(values[index]);
}

// MARK: - Gate squashing

/// Tesseract's table-driven squashing (`tesseract::Tanh`, `tesseract::Logistic`) of one value.
/// `entries` holds, for each `i` below 4,095, `table[i]` and `table[i + 1] - table[i]`. For
/// `x >= 0`, `s = x * 256` and `i = floor(s)`; the result is 1 from `i >= 4095` on, else
/// `step * (s - i) + low`. A negative `x` is reflected: `-f(-x)`, or `1 - f(-x)` when
/// `complemented`. NaN reads entry 0, as libtesseract's conversion puts it there.
static inline float lensd_gate(float x, const float *entries, int complemented) {
    const int negative = x < 0.0f;
    const float scaled = (negative ? -x : x) * 256.0f;
    const int outside = scaled >= 4095.0f;
    const float indexable = scaled < 4095.0f ? scaled : 0.0f;
    const int32_t index = (int32_t)indexable;
    const float low = entries[2 * index], step = entries[2 * index + 1];
    float value = step * (scaled - (float)index) + low;
    if (outside) value = 1.0f;
    if (!negative) return value;
    return complemented ? 1.0f - value : -value;
}

#if defined(__SSE2__)
/// `lensd_gate` of four values.
static inline __m128 lensd_gate4(__m128 x, const float *entries, int complemented) {
    const __m128 signBit = _mm_set1_ps(-0.0f);
    const __m128 negative = _mm_cmplt_ps(x, _mm_setzero_ps());
    // -x where x is negative, else x (-0 stays -0, as in `lensd_gate`); NaN fails every comparison below.
    const __m128 reflectedX = _mm_or_ps(_mm_and_ps(negative, _mm_xor_ps(x, signBit)), _mm_andnot_ps(negative, x));
    const __m128 scaled = _mm_mul_ps(reflectedX, _mm_set1_ps(256.0f));
    const __m128 last = _mm_set1_ps(4095.0f);
    const __m128 outside = _mm_cmpge_ps(scaled, last);
    const __m128 indexable = _mm_and_ps(scaled, _mm_cmplt_ps(scaled, last));
    const __m128i index = _mm_cvttps_epi32(indexable);
    const __m128 whole = _mm_cvtepi32_ps(index);
    // Each lane's (low, step) pair in one 64-bit load, two lanes to a register, then split.
    const int i0 = _mm_cvtsi128_si32(index), i1 = _mm_cvtsi128_si32(_mm_shuffle_epi32(index, 1));
    const int i2 = _mm_cvtsi128_si32(_mm_shuffle_epi32(index, 2)), i3 = _mm_cvtsi128_si32(_mm_shuffle_epi32(index, 3));
    __m128 pairs01 = _mm_castpd_ps(_mm_load_sd((const double *)(entries + 2 * i0)));
    pairs01 = _mm_loadh_pi(pairs01, (const __m64 *)(entries + 2 * i1));
    __m128 pairs23 = _mm_castpd_ps(_mm_load_sd((const double *)(entries + 2 * i2)));
    pairs23 = _mm_loadh_pi(pairs23, (const __m64 *)(entries + 2 * i3));
    const __m128 low = _mm_shuffle_ps(pairs01, pairs23, _MM_SHUFFLE(2, 0, 2, 0));
    const __m128 step = _mm_shuffle_ps(pairs01, pairs23, _MM_SHUFFLE(3, 1, 3, 1));
    const __m128 one = _mm_set1_ps(1.0f);
    __m128 value = _mm_add_ps(_mm_mul_ps(step, _mm_sub_ps(scaled, whole)), low);
    value = _mm_or_ps(_mm_and_ps(outside, one), _mm_andnot_ps(outside, value));
    const __m128 reflected = complemented ? _mm_sub_ps(one, value) : _mm_xor_ps(value, signBit);
    return _mm_or_ps(_mm_and_ps(negative, reflected), _mm_andnot_ps(negative, value));
}
#endif

/// `lensd_gate` of eight values.
static inline lensd_float8 lensd_gate8(lensd_float8 x, const float *entries, int complemented) {
    lensd_float8 result;
#if defined(__SSE2__)
    __m128 low, high;
    memcpy(&low, &x, sizeof low);
    memcpy(&high, (const char *)&x + sizeof low, sizeof high);
    low = lensd_gate4(low, entries, complemented);
    high = lensd_gate4(high, entries, complemented);
    memcpy(&result, &low, sizeof low);
    memcpy((char *)&result + sizeof low, &high, sizeof high);
#else
    for (int lane = 0; lane < 8; lane++) result[lane] = lensd_gate(x[lane], entries, complemented);
#endif
    return result;
}

#endif
