// The body of the row kernels (include/row_kernels.h), included once per vector width by
// row_kernels.c with these defined:
//   LENSD_BYTES   bytes a vector (16 or 32)
//   LENSD_NAME(n) the function name for this width (n ## _narrow or n ## _wide)
//   LENSD_TARGET  the function attribute that lets the compiler use the width's instructions
//   LENSD_MOVEMASK(v) the top bits of a vector's bytes as an integer, bit i from byte i
// Only vector operations on bytes appear, in the same order as the scalar tails, so every width
// gives the same bytes. No function here takes or returns a vector: a 32-byte vector argument
// would change the calling convention between the two builds.

typedef uint8_t LENSD_NAME(bytes) __attribute__((ext_vector_type(LENSD_BYTES)));
#define VEC LENSD_NAME(bytes)
#define LOAD(pointer) ({ VEC loaded_; __builtin_memcpy(&loaded_, (pointer), LENSD_BYTES); loaded_; })
#define STORE(pointer, value) do { VEC stored_ = (value); __builtin_memcpy((pointer), &stored_, LENSD_BYTES); } while (0)
#define SPLAT(byte) ((VEC)(uint8_t)(byte))
// A comparison gives each lane 0 or all ones, as signed bytes: the same bits as bytes.
#define MASK(comparison) ((VEC)(comparison))
#define SELECT(mask, yes, no) (((mask) & (yes)) | (~(mask) & (no)))
#define IS_ZERO(value) ({ \
    uint64_t words_[LENSD_BYTES / 8]; VEC value_ = (value); __builtin_memcpy(words_, &value_, LENSD_BYTES); \
    uint64_t any_ = 0; for (int word_ = 0; word_ < LENSD_BYTES / 8; word_++) any_ |= words_[word_]; any_ == 0; })

// One pixel of `lensd_chain_step`, its neighbours outside the row read as zero.
#define LENSD_CHAIN_PIXEL(x) do { \
    uint8_t best_ = previous_lengths[x]; \
    const uint8_t own_ = previous_straight[x]; \
    uint8_t run_ = best_ == 0 ? 1 : (own_ == 0xFF ? 0xFF : (uint8_t)(own_ + 1)); \
    if ((x) > 0 && previous_lengths[(x) - 1] > best_ && previous_straight[(x) - 1] >= straight_rows) { \
        best_ = previous_lengths[(x) - 1]; \
        run_ = 1; \
    } \
    if ((x) + 1 < width && previous_lengths[(x) + 1] > best_ && previous_straight[(x) + 1] >= straight_rows) { \
        best_ = previous_lengths[(x) + 1]; \
        run_ = 1; \
    } \
    const int is_mark_ = marks[x] != 0; \
    lengths[x] = is_mark_ ? (best_ == 0xFF ? 0xFF : (uint8_t)(best_ + 1)) : 0; \
    straight[x] = is_mark_ ? run_ : 0; \
} while (0)

LENSD_TARGET int LENSD_NAME(lensd_row_steps)(const uint8_t *row, int width, uint8_t threshold, uint8_t *steps) {
    const VEC limit = SPLAT(threshold);
    VEC any = SPLAT(0);
    int x = 1;
    for (; x + LENSD_BYTES <= width - 1; x += LENSD_BYTES) {
        const VEC before = LOAD(row + x - 1), after = LOAD(row + x + 1);
        const VEC high = SELECT(MASK(after > before), after, before);
        // A rise and a fall of `threshold` or more at one pixel exclude each other (threshold ≥ 1 in use).
        const VEC kinds = (MASK((VEC)(high - before) >= limit) & SPLAT(1)) | (MASK((VEC)(high - after) >= limit) & SPLAT(2));
        STORE(steps + x, kinds);
        any |= kinds;
    }
    int found = !IS_ZERO(any);
    for (; x < width - 1; x++) {
        const int difference = (int)row[x + 1] - (int)row[x - 1];
        steps[x] = difference >= (int)threshold ? 1 : (difference <= -(int)threshold ? 2 : 0);
        found |= steps[x] != 0;
    }
    return found;
}

LENSD_TARGET void LENSD_NAME(lensd_stroke_pairs)(
    const uint8_t *steps, int width, int pairing, uint8_t *first, uint8_t *second, uint8_t *marks
) {
    if (width <= 0) return;
    const int radius = pairing > 0 ? pairing : 0;
    const int count = width + 2 * radius;
    const int window = 2 * radius + 1;
    uint8_t *source = first, *target = second;
    __builtin_memset(source, 0, (size_t)radius);
    __builtin_memcpy(source + radius, steps, (size_t)width);
    __builtin_memset(source + radius + width, 0, (size_t)radius);
    // source[i] holds the OR of the `span` steps from padded position i.
    int span = 1;
    while (span * 2 <= window) {
        int index = 0;
        for (; index + LENSD_BYTES <= count - span; index += LENSD_BYTES) {
            STORE(target + index, LOAD(source + index) | LOAD(source + index + span));
        }
        for (; index < count; index++) {
            target[index] = index + span < count ? (uint8_t)(source[index] | source[index + span]) : source[index];
        }
        uint8_t *swapped = source;
        source = target;
        target = swapped;
        span *= 2;
    }
    // The window of pixel x starts at padded position x (image x - radius).
    const int tail = window - span;
    int x = 0;
    for (; x + LENSD_BYTES <= width; x += LENSD_BYTES) {
        const VEC near = LOAD(source + x) | LOAD(source + x + tail);
        const VEC step = LOAD(steps + x);
        const VEC rising = MASK(step == SPLAT(1)) & ~MASK((near & SPLAT(2)) == SPLAT(0));
        const VEC falling = MASK(step == SPLAT(2)) & ~MASK((near & SPLAT(1)) == SPLAT(0));
        STORE(marks + x, (rising & SPLAT(1)) | (falling & SPLAT(3)));
    }
    for (; x < width; x++) {
        const uint8_t near = source[x] | source[x + tail];
        const uint8_t step = steps[x];
        const uint8_t rising = step == 1 && (near & 2) != 0 ? 1 : 0;
        const uint8_t falling = step == 2 && (near & 1) != 0 ? 3 : 0;
        marks[x] = rising | falling;
    }
}

LENSD_TARGET void LENSD_NAME(lensd_chain_step)(
    const uint8_t *marks, int width, uint8_t straight_rows,
    const uint8_t *previous_lengths, const uint8_t *previous_straight, uint8_t *lengths, uint8_t *straight
) {
    const VEC one = SPLAT(1), full = SPLAT(0xFF), zero = SPLAT(0), minimum_straight = SPLAT(straight_rows);
    // The first pixel, whose left neighbour is outside the row (zero).
    int x = 0;
    for (; x < width && x < 1; x++) {
        LENSD_CHAIN_PIXEL(x);
    }
    // Whole vectors whose neighbours are inside the row, the last one ending at the row's last
    // pixel but one: it may overlap the one before it, which gives the same bytes (a pixel's
    // chain depends only on the row before and on the marks), so no more than the last pixel
    // is left to the scalar code.
    if (width >= LENSD_BYTES + 2) {
        const int last_start = width - 1 - LENSD_BYTES;
        for (int next = 1;; next += LENSD_BYTES) {
            const int at = next < last_start ? next : last_start;
            const VEC chunk_marks = LOAD(marks + at);
            // Off marks both are 0: a stretch of the row with no mark needs no chains.
            if (IS_ZERO(chunk_marks)) {
                STORE(lengths + at, zero);
                STORE(straight + at, zero);
            } else {
                VEC best = LOAD(previous_lengths + at);
                const VEC own = LOAD(previous_straight + at);
                VEC run = SELECT(MASK(best == zero), one, SELECT(MASK(own == full), full, (VEC)(own + one)));
                const VEC left = LOAD(previous_lengths + at - 1);
                const VEC from_left = MASK(left > best) & MASK(LOAD(previous_straight + at - 1) >= minimum_straight);
                best = SELECT(from_left, left, best);
                run = SELECT(from_left, one, run);
                const VEC right = LOAD(previous_lengths + at + 1);
                const VEC from_right = MASK(right > best) & MASK(LOAD(previous_straight + at + 1) >= minimum_straight);
                best = SELECT(from_right, right, best);
                run = SELECT(from_right, one, run);
                const VEC on_marks = ~MASK(chunk_marks == zero);
                STORE(lengths + at, on_marks & SELECT(MASK(best == full), full, (VEC)(best + one)));
                STORE(straight + at, on_marks & run);
            }
            if (at == last_start) break;
        }
        x = width - 1;
    }
    for (; x < width; x++) {
        LENSD_CHAIN_PIXEL(x);
    }
}

LENSD_TARGET void LENSD_NAME(lensd_drop_long_chains)(uint8_t *marks, const uint8_t *down, const uint8_t *up, int count, uint8_t cap) {
    const VEC caps = SPLAT(cap), ignored = SPLAT(2);
    int index = 0;
    for (; index + LENSD_BYTES <= count; index += LENSD_BYTES) {
        const VEC ups = LOAD(up + index);
        const VEC room = caps - SELECT(MASK(ups > caps), caps, ups);
        STORE(marks + index, SELECT(MASK(LOAD(down + index) > room), ignored, LOAD(marks + index)));
    }
    for (; index < count; index++) {
        const uint8_t room = (uint8_t)(cap - (up[index] < cap ? up[index] : cap));
        if (down[index] > room) marks[index] = 2;
    }
}

LENSD_TARGET void LENSD_NAME(lensd_halve)(const uint8_t *source, int width, int height, int stride, uint8_t *output) {
    typedef uint16_t pairs __attribute__((ext_vector_type(LENSD_BYTES / 2)));
    typedef uint8_t half __attribute__((ext_vector_type(LENSD_BYTES / 2)));
    const int out_width = width / 2, out_height = height / 2;
    const pairs low_bytes = (pairs)(uint16_t)0xFF, rounding = (pairs)(uint16_t)2;
    for (int y = 0; y < out_height; y++) {
        const uint8_t *top = source + (long)2 * y * stride, *bottom = top + stride;
        uint8_t *row = output + (long)y * out_width;
        int x = 0;
        // LENSD_BYTES output pixels a step, from two loads of each source row: each 16-bit lane
        // holds a pixel pair (low byte left, high byte right), so the sums need no widening.
        for (; x + LENSD_BYTES <= out_width; x += LENSD_BYTES) {
            for (int part = 0; part < 2; part++) {
                pairs upper, lower;
                __builtin_memcpy(&upper, top + 2 * x + part * LENSD_BYTES, LENSD_BYTES);
                __builtin_memcpy(&lower, bottom + 2 * x + part * LENSD_BYTES, LENSD_BYTES);
                const pairs sums = (upper & low_bytes) + (upper >> 8) + (lower & low_bytes) + (lower >> 8) + rounding;
                const half means = __builtin_convertvector(sums >> 2, half);
                __builtin_memcpy(row + x + part * (LENSD_BYTES / 2), &means, LENSD_BYTES / 2);
            }
        }
        for (; x < out_width; x++) {
            const unsigned sum = (unsigned)top[2 * x] + top[2 * x + 1] + bottom[2 * x] + bottom[2 * x + 1];
            row[x] = (uint8_t)((sum + 2) >> 2);
        }
    }
}

LENSD_TARGET int LENSD_NAME(lensd_gather_marks)(const uint8_t *row, int count, uint64_t *bits) {
    uint64_t any = 0;
    int x = 0;
    for (; x + 64 <= count; x += 64) {
        uint64_t word = 0;
        for (int part = 0; part < 64; part += LENSD_BYTES) {
            const VEC marked = MASK((LOAD(row + x + part) & SPLAT(1)) != SPLAT(0));
            word |= (uint64_t)LENSD_MOVEMASK(marked) << part;
        }
        bits[x >> 6] = word;
        any |= word;
    }
    if (x < count) {
        uint64_t last = 0;
        for (; x < count; x++) {
            if (row[x] & 1) last |= (uint64_t)1 << (x & 63);
        }
        bits[count >> 6] = last;
        any |= last;
    }
    return any != 0;
}

#undef VEC
#undef LOAD
#undef STORE
#undef SPLAT
#undef MASK
#undef SELECT
#undef IS_ZERO
#undef LENSD_CHAIN_PIXEL
