#include "motion_kernels.h"
#include "row_kernels.h"

#pragma STDC FP_CONTRACT OFF

#define LENSD_NAME(name) name##_narrow
#define LENSD_TARGET
#include "motion_kernels_body.h"
#undef LENSD_NAME
#undef LENSD_TARGET

#if defined(__x86_64__) && defined(__clang__)
#define LENSD_NAME(name) name##_wide
#define LENSD_TARGET __attribute__((target("avx2")))
#include "motion_kernels_body.h"
#undef LENSD_NAME
#undef LENSD_TARGET
#else
void lensd_absolute_difference_sums_wide(
    const float *current, const float *previous, int width, int height, int margin, int dy, const int32_t *dx,
    float *lanes, float *tails
) {
    lensd_absolute_difference_sums_narrow(current, previous, width, height, margin, dy, dx, lanes, tails);
}
#endif

void lensd_absolute_difference_sums(
    const float *current, const float *previous, int width, int height, int margin, int dy, const int32_t *dx,
    float *lanes, float *tails
) {
    if (lensd_has_wide_vectors()) {
        lensd_absolute_difference_sums_wide(current, previous, width, height, margin, dy, dx, lanes, tails);
    } else {
        lensd_absolute_difference_sums_narrow(current, previous, width, height, margin, dy, dx, lanes, tails);
    }
}
