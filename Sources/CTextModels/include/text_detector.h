#ifndef LENSD_TEXT_DETECTOR_H
#define LENSD_TEXT_DETECTOR_H

#include <stddef.h>
#include <stdint.h>

#include "inference_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A DB ("differentiable binarization") text detector: an ONNX model compiled by OpenVINO for
/// inputs of any size, with OpenCV for the pre- and post-processing. Not thread-safe: one per thread.
typedef struct lensd_text_detector lensd_text_detector;

/// The DB post-processing's parameters.
typedef struct {
    /// Probability from which a pixel is text.
    float binarize_threshold;
    /// Least mean probability inside a region's box for it to be kept.
    float box_threshold;
    /// How far a region's box is grown: area × ratio / perimeter on every side.
    float unclip_ratio;
    /// Regions examined at most, largest first.
    int32_t max_candidates;
} lensd_db_parameters;

/// One detected text region: a rotated rectangle in source pixels.
typedef struct {
    /// Corners, clockwise in image coordinates (y down), as x0, y0, … x3, y3; the first is the
    /// top-left one of an upright box.
    float corners[8];
    /// Mean probability inside the region's unexpanded box.
    float score;
    /// Whether the region reaches the edge of the area examined inside the image (a tile left
    /// out of ``lensd_text_detector_detect_tiles``): the text may go on beyond it.
    int32_t cut;
} lensd_text_box;

/// A rectangle in source pixels.
typedef struct {
    int32_t x, y, width, height;
} lensd_rect;

/// What one detection cost.
typedef struct {
    /// Thread CPU time in the network and in the post-processing.
    int64_t network_ns;
    int64_t postprocess_ns;
    /// Network runs (tiles).
    int32_t runs;
    /// Input pixels the network saw.
    int64_t input_pixels;
} lensd_detection_cost;

/// Compiles the model of an ONNX file with `runtime` (which must outlive the detector) to run on
/// `threads` threads, the caller's among them, and runs it once on a small input to check that
/// it gives a probability map. NULL on failure, with the reason in `message`.
lensd_text_detector *lensd_text_detector_open(
    const lensd_inference_runtime *runtime, const char *model_path, int32_t threads, char *message, size_t message_capacity);

/// Frees the detector and its network.
void lensd_text_detector_close(lensd_text_detector *detector);

/// Finds text in an 8-bit image (`channels` 1 for luma, 3 for BGR), resized to `input_width` x
/// `input_height` (positive multiples of 32) for the network. Writes up to `capacity` boxes, in
/// source pixels, and returns how many were found (more than `capacity` when they did not all fit);
/// -1 on failure, with the reason in `message`. `cost`, when not NULL, receives what it cost.
int32_t lensd_text_detector_detect(
    lensd_text_detector *detector, const uint8_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t channels,
    int32_t input_width, int32_t input_height, const lensd_db_parameters *parameters,
    lensd_text_box *boxes, int32_t capacity, lensd_detection_cost *cost, char *message, size_t message_capacity);

/// Finds text in the parts of an 8-bit image that `regions` cover, scaled by `scale`, in square
/// tiles of `tile_size` network pixels (a positive multiple of 32) on a fixed grid: each tile
/// overlaps its neighbours by `tile_margin` network pixels on every side, which only give context,
/// and the tiles' inner parts are stitched into one probability map before the post-processing, so
/// a line across tiles is one region. Only tiles whose inner part meets a region are run (all of
/// them when `region_count` is 0). Returns as ``lensd_text_detector_detect`` does.
int32_t lensd_text_detector_detect_tiles(
    lensd_text_detector *detector, const uint8_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t channels,
    float scale, int32_t tile_size, int32_t tile_margin, const lensd_rect *regions, int32_t region_count,
    const lensd_db_parameters *parameters, lensd_text_box *boxes, int32_t capacity, lensd_detection_cost *cost,
    char *message, size_t message_capacity);

/// Counts, per square cell of `cell` source pixels (the last row and column may be smaller),
/// the pixels whose luma gradient (|d/dx| + |d/dy| of a 3x3 Sobel, divided by 4) reaches
/// `threshold`: where an image has structure that text could be part of. `counts` holds
/// ⌈width / cell⌉ × ⌈height / cell⌉ values, row by row. Returns 0, or -1 with the reason in `message`.
int32_t lensd_structure_cells(
    const uint8_t *luma, int32_t width, int32_t height, int32_t stride, int32_t cell, int32_t threshold,
    int32_t *counts, size_t count_capacity, char *message, size_t message_capacity);

/// Limits OpenCV's own worker threads (its image operations') for the whole process (`cv::setNumThreads`).
void lensd_text_detector_set_threads(int32_t threads);

#ifdef __cplusplus
}
#endif

#endif
