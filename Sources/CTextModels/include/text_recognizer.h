#ifndef LENSD_TEXT_RECOGNIZER_H
#define LENSD_TEXT_RECOGNIZER_H

#include <stddef.h>
#include <stdint.h>

#include "inference_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A CTC text line recogniser (PP-OCR's recognition network) and text direction classifier:
/// ONNX models compiled by OpenVINO. A line is scaled to the network's height, to the narrowest
/// of the input widths it fits (narrowed to the widest otherwise), and padded on the right. Not
/// thread-safe: one per thread.
typedef struct lensd_text_recognizer lensd_text_recognizer;

/// Compiles the recognition model of an ONNX file with `runtime` (which must outlive the
/// recogniser), for lines `height` high and `widths` wide (`width_count` of them, ascending), and
/// runs it once at each width to check that it gives one row of `classes` probabilities per time
/// step; and, when `direction_path` is not NULL, a text direction classifier taking lines
/// `direction_width` wide, checked to give two probabilities (upright, upside down). Both run on
/// `threads` threads, the caller's among them. NULL on failure, with the reason in `message`.
lensd_text_recognizer *lensd_text_recognizer_open(
    const lensd_inference_runtime *runtime, const char *model_path, const int32_t *widths, int32_t width_count, int32_t height,
    int32_t classes, const char *direction_path, int32_t direction_width, int32_t threads, char *message, size_t message_capacity);

/// Frees the recogniser and its networks.
void lensd_text_recognizer_close(lensd_text_recognizer *recognizer);

/// Reads one line from an 8-bit luma image (`width` x `height`, the whole image is the line).
/// Writes, per time step, the most probable class and its probability, at most `capacity`
/// steps, and returns how many steps the network gave (more than `capacity` when they did not all fit); -1 on failure, with the reason
/// in `message`. `*step_width` receives how many of the image's columns one step covers.
int32_t lensd_text_recognizer_read(
    lensd_text_recognizer *recognizer, const uint8_t *luma, int32_t width, int32_t height, int32_t stride,
    int32_t *classes, float *probabilities, int32_t capacity, float *step_width, char *message, size_t message_capacity);

/// The probability that the line in an 8-bit luma image is upside down, by the direction
/// classifier, in `*upside_down`. Returns 0, or -1 on failure (or without a classifier) with
/// the reason in `message`.
int32_t lensd_text_recognizer_direction(
    lensd_text_recognizer *recognizer, const uint8_t *luma, int32_t width, int32_t height, int32_t stride, float *upside_down,
    char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif
