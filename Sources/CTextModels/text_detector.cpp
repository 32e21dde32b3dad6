#include "text_detector.h"
#include "inference_model.hpp"
#include "shim_support.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

/// Rounds of tiles added around regions cut by a tile left out.
constexpr int growth_rounds = 4;

using lensd_shim::thread_cpu_ns;
using lensd_shim::write_message;

/// Mean probability inside a box's polygon.
float box_score(const cv::Mat &map, const cv::Point2f corners[4]) {
    float min_x = corners[0].x, max_x = corners[0].x, min_y = corners[0].y, max_y = corners[0].y;
    for (int i = 1; i < 4; ++i) {
        min_x = std::min(min_x, corners[i].x);
        max_x = std::max(max_x, corners[i].x);
        min_y = std::min(min_y, corners[i].y);
        max_y = std::max(max_y, corners[i].y);
    }
    int x0 = std::clamp(int(std::floor(min_x)), 0, map.cols - 1), x1 = std::clamp(int(std::ceil(max_x)), 0, map.cols - 1);
    int y0 = std::clamp(int(std::floor(min_y)), 0, map.rows - 1), y1 = std::clamp(int(std::ceil(max_y)), 0, map.rows - 1);
    cv::Mat mask = cv::Mat::zeros(y1 - y0 + 1, x1 - x0 + 1, CV_8U);
    std::vector<cv::Point> polygon;
    for (int i = 0; i < 4; ++i) polygon.emplace_back(int(std::lround(corners[i].x)) - x0, int(std::lround(corners[i].y)) - y0);
    cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{polygon}, cv::Scalar(1));
    return float(cv::mean(map(cv::Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1)), mask)[0]);
}

/// Orders a rotated rectangle's corners clockwise from its top-left one.
void ordered_corners(const cv::RotatedRect &box, cv::Point2f out[4]) {
    cv::Point2f points[4];
    box.points(points);
    std::sort(points, points + 4, [](const cv::Point2f &a, const cv::Point2f &b) { return a.x < b.x; });
    // The two leftmost points: the upper one is top-left, the lower one bottom-left.
    cv::Point2f top_left = points[0].y <= points[1].y ? points[0] : points[1];
    cv::Point2f bottom_left = points[0].y <= points[1].y ? points[1] : points[0];
    cv::Point2f top_right = points[2].y <= points[3].y ? points[2] : points[3];
    cv::Point2f bottom_right = points[2].y <= points[3].y ? points[3] : points[2];
    out[0] = top_left;
    out[1] = top_right;
    out[2] = bottom_right;
    out[3] = bottom_left;
}

/// Which parts of a probability map were computed: a grid of square cells, and the map's origin
/// in the scaled image. Without cells, all of it was.
struct Coverage {
    int cell = 0;
    int columns = 0, rows = 0;
    int origin_x = 0, origin_y = 0;
    int scaled_width = 0, scaled_height = 0;
    std::vector<uint8_t> ran;

    bool computed(int column, int row) const {
        if (cell == 0) return true;
        if (column < 0 || row < 0 || column * cell >= scaled_width || row * cell >= scaled_height) return true;
        if (column >= columns || row >= rows) return false;
        return ran[size_t(row) * columns + column] != 0;
    }

    /// Whether a box in map pixels comes within two pixels of a part of the image left out.
    bool reaches_gap(const cv::Rect2f &bounds) const {
        if (cell == 0) return false;
        int x0 = int(std::floor((bounds.x - 2 + origin_x) / cell)), x1 = int(std::floor((bounds.x + bounds.width + 2 + origin_x) / cell));
        int y0 = int(std::floor((bounds.y - 2 + origin_y) / cell)), y1 = int(std::floor((bounds.y + bounds.height + 2 + origin_y) / cell));
        for (int row = y0; row <= y1; ++row)
            for (int column = x0; column <= x1; ++column)
                if (!computed(column, row)) return true;
        return false;
    }
};

/// DB post-processing: regions of the binarised map, scored, grown ("unclipped") and mapped to
/// source pixels (`source = (map + offset) * scale`).
std::vector<lensd_text_box> regions(const cv::Mat &map, const lensd_db_parameters &parameters, double scale_x, double scale_y,
                                    const Coverage &coverage = Coverage(), double offset_x = 0, double offset_y = 0) {
    cv::Mat bitmap = map > parameters.binarize_threshold;
    cv::dilate(bitmap, bitmap, cv::Mat::ones(2, 2, CV_8U));
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(bitmap, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
    if (parameters.max_candidates > 0 && contours.size() > size_t(parameters.max_candidates)) {
        std::partial_sort(contours.begin(), contours.begin() + parameters.max_candidates, contours.end(),
                          [](const auto &a, const auto &b) { return a.size() > b.size(); });
        contours.resize(size_t(parameters.max_candidates));
    }
    std::vector<lensd_text_box> found;
    for (const auto &contour : contours) {
        if (contour.size() < 3) continue;
        cv::RotatedRect box = cv::minAreaRect(contour);
        if (std::min(box.size.width, box.size.height) < 3) continue;
        cv::Point2f corners[4];
        ordered_corners(box, corners);
        float score = box_score(map, corners);
        if (score < parameters.box_threshold) continue;
        double area = double(box.size.width) * box.size.height;
        double perimeter = 2.0 * (double(box.size.width) + box.size.height);
        double distance = area * parameters.unclip_ratio / perimeter;
        cv::RotatedRect grown(box.center, cv::Size2f(float(box.size.width + 2 * distance), float(box.size.height + 2 * distance)), box.angle);
        if (std::min(grown.size.width, grown.size.height) < 5) continue;
        cv::Point2f grown_corners[4];
        grown.points(grown_corners);
        std::vector<cv::Point2f> scaled;
        for (auto &point : grown_corners) scaled.emplace_back(float((point.x + offset_x) * scale_x), float((point.y + offset_y) * scale_y));
        cv::Point2f out[4];
        ordered_corners(cv::minAreaRect(scaled), out);
        lensd_text_box result{};
        for (int i = 0; i < 4; ++i) {
            result.corners[2 * i] = out[i].x;
            result.corners[2 * i + 1] = out[i].y;
        }
        result.score = score;
        result.cut = coverage.reaches_gap(grown.boundingRect2f()) ? 1 : 0;
        found.push_back(result);
    }
    return found;
}

}  // namespace

struct lensd_text_detector {
    std::unique_ptr<lensd_inference::Model> model;
    /// The network's input, NCHW.
    std::vector<float> input;

    /// The probability map of an 8-bit image (1 or 3 channels) already at the network's input
    /// size: BGR / 255, then (v - 0.5) / 0.5, a luma plane standing for all three channels. A map
    /// sharing the request's output (valid until the next run), or an empty one with the reason in `error`.
    cv::Mat probability_map(const cv::Mat &image, std::string &error) {
        const int width = image.cols, height = image.rows, channels = image.channels();
        const size_t plane = size_t(width) * height;
        input.resize(3 * plane);
        for (int y = 0; y < height; ++y) {
            const uint8_t *row = image.ptr<uint8_t>(y);
            float *out = input.data() + size_t(y) * width;
            for (int x = 0; x < width; ++x) {
                for (int channel = 0; channel < 3; ++channel) {
                    uint8_t value = row[x * channels + (channels == 1 ? 0 : channel)];
                    out[channel * plane + x] = float(value) / 127.5f - 1.0f;
                }
            }
        }
        lensd_inference::Output output;
        if (!model->run(input.data(), {1, 3, height, width}, output, error)) return cv::Mat();
        if (output.shape.size() != 4 || output.shape[0] != 1 || output.shape[1] != 1 || output.shape[2] != height || output.shape[3] != width) {
            error = "the text detector's output is not a map of its input's size";
            return cv::Mat();
        }
        return cv::Mat(height, width, CV_32F, const_cast<float *>(output.data));
    }
};

extern "C" lensd_text_detector *lensd_text_detector_open(
    const lensd_inference_runtime *runtime, const char *model_path, int32_t threads, char *message, size_t message_capacity) {
    if (runtime == nullptr || model_path == nullptr) {
        write_message(message, message_capacity, "no inference runtime or model path");
        return nullptr;
    }
    try {
        std::string error;
        auto model = lensd_inference::Model::load(runtime, model_path, threads, error);
        if (!model) {
            write_message(message, message_capacity, error);
            return nullptr;
        }
        std::unique_ptr<lensd_text_detector> detector(new lensd_text_detector());
        detector->model = std::move(model);
        // A check run at the smallest size: the model gives one probability map of its input's size.
        cv::Mat probe(32, 32, CV_8UC1, cv::Scalar(255));
        if (detector->probability_map(probe, error).empty()) {
            write_message(message, message_capacity, std::string(model_path) + " is not a text detector: " + error);
            return nullptr;
        }
        return detector.release();
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("cannot load ") + model_path + ": " + error.what());
    }
    return nullptr;
}

extern "C" void lensd_text_detector_close(lensd_text_detector *detector) { delete detector; }

extern "C" void lensd_text_detector_set_threads(int32_t threads) { cv::setNumThreads(threads); }

extern "C" int32_t lensd_text_detector_detect(
    lensd_text_detector *detector, const uint8_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t channels,
    int32_t input_width, int32_t input_height, const lensd_db_parameters *parameters,
    lensd_text_box *boxes, int32_t capacity, lensd_detection_cost *cost, char *message, size_t message_capacity) {
    if (detector == nullptr || pixels == nullptr || parameters == nullptr || width <= 0 || height <= 0 ||
        (channels != 1 && channels != 3) || stride < width * channels || input_width <= 0 || input_height <= 0 ||
        input_width % 32 != 0 || input_height % 32 != 0 || capacity < 0 || (capacity > 0 && boxes == nullptr)) {
        write_message(message, message_capacity, "invalid arguments to the text detector");
        return -1;
    }
    try {
        int64_t started = thread_cpu_ns();
        cv::Mat source(height, width, channels == 1 ? CV_8UC1 : CV_8UC3, const_cast<uint8_t *>(pixels), size_t(stride));
        cv::Mat resized;
        cv::resize(source, resized, cv::Size(input_width, input_height), 0, 0, source.cols > input_width ? cv::INTER_AREA : cv::INTER_LINEAR);
        std::string error;
        cv::Mat map = detector->probability_map(resized, error);
        if (map.empty()) {
            write_message(message, message_capacity, error);
            return -1;
        }
        int64_t inferred = thread_cpu_ns();
        auto found = regions(map, *parameters, double(width) / input_width, double(height) / input_height);
        int64_t finished = thread_cpu_ns();
        if (cost != nullptr) *cost = lensd_detection_cost{inferred - started, finished - inferred, 1, int64_t(input_width) * input_height};
        std::copy_n(found.begin(), std::min(found.size(), size_t(capacity)), boxes);
        return int32_t(found.size());
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("text detection failed: ") + error.what());
    }
    return -1;
}

extern "C" int32_t lensd_text_detector_detect_tiles(
    lensd_text_detector *detector, const uint8_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t channels,
    float scale, int32_t tile_size, int32_t tile_margin, const lensd_rect *regions_wanted, int32_t region_count,
    const lensd_db_parameters *parameters, lensd_text_box *boxes, int32_t capacity, lensd_detection_cost *cost,
    char *message, size_t message_capacity) {
    if (detector == nullptr || pixels == nullptr || parameters == nullptr || width <= 0 || height <= 0 ||
        (channels != 1 && channels != 3) || stride < width * channels || !(scale > 0) || !std::isfinite(scale) ||
        tile_size <= 0 || tile_size % 32 != 0 || tile_margin < 0 || 2 * tile_margin >= tile_size || region_count < 0 ||
        (region_count > 0 && regions_wanted == nullptr) || capacity < 0 || (capacity > 0 && boxes == nullptr)) {
        write_message(message, message_capacity, "invalid arguments to the text detector");
        return -1;
    }
    try {
        int64_t started = thread_cpu_ns();
        cv::Mat source(height, width, channels == 1 ? CV_8UC1 : CV_8UC3, const_cast<uint8_t *>(pixels), size_t(stride));
        Coverage coverage;
        coverage.cell = tile_size - 2 * tile_margin;
        coverage.scaled_width = int(std::ceil(width * double(scale)));
        coverage.scaled_height = int(std::ceil(height * double(scale)));
        int all_columns = (coverage.scaled_width + coverage.cell - 1) / coverage.cell;
        int all_rows = (coverage.scaled_height + coverage.cell - 1) / coverage.cell;
        std::vector<uint8_t> wanted(size_t(all_columns) * all_rows, region_count == 0 ? 1 : 0);
        for (int32_t i = 0; i < region_count; ++i) {
            const lensd_rect &r = regions_wanted[i];
            if (r.width <= 0 || r.height <= 0) continue;
            int c0 = std::max(0, int(std::floor(r.x * double(scale) / coverage.cell)));
            // The region ends before x + width: a region that ends on a tile's edge needs no tile past it.
            int c1 = std::min(all_columns - 1, int(std::ceil((r.x + r.width) * double(scale) / coverage.cell)) - 1);
            int r0 = std::max(0, int(std::floor(r.y * double(scale) / coverage.cell)));
            int r1 = std::min(all_rows - 1, int(std::ceil((r.y + r.height) * double(scale) / coverage.cell)) - 1);
            for (int row = r0; row <= r1; ++row)
                for (int column = c0; column <= c1; ++column) wanted[size_t(row) * all_columns + column] = 1;
        }
        coverage.origin_x = 0;
        coverage.origin_y = 0;
        coverage.columns = all_columns;
        coverage.rows = all_rows;
        coverage.ran.assign(size_t(all_columns) * all_rows, 0);
        cv::Mat map = cv::Mat::zeros(all_rows * coverage.cell, all_columns * coverage.cell, CV_32F);
        cv::Mat tile;
        std::string error;
        int32_t runs = 0;
        int64_t postprocessing = 0;
        std::vector<lensd_text_box> found;
        // Tiles wanted and not yet run are run; a region the post-processing finds cut by a tile
        // left out brings in the tiles around it, a few rounds at most.
        for (int round = 0; round < growth_rounds; ++round) {
            bool ran_any = false;
            for (int row = 0; row < all_rows; ++row) {
                for (int column = 0; column < all_columns; ++column) {
                    size_t index = size_t(row) * all_columns + column;
                    if (!wanted[index] || coverage.ran[index]) continue;
                    // Tile pixel (u, v) samples the scaled image at (column * cell - margin + u, …).
                    double origin_x = column * coverage.cell - tile_margin, origin_y = row * coverage.cell - tile_margin;
                    cv::Matx23d inverse(1.0 / scale, 0, (origin_x + 0.5) / scale - 0.5, 0, 1.0 / scale, (origin_y + 0.5) / scale - 0.5);
                    cv::warpAffine(source, tile, inverse, cv::Size(tile_size, tile_size), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP,
                                   cv::BORDER_REPLICATE);
                    cv::Mat probabilities = detector->probability_map(tile, error);
                    if (probabilities.empty()) {
                        write_message(message, message_capacity, error);
                        return -1;
                    }
                    cv::Rect inner(tile_margin, tile_margin, coverage.cell, coverage.cell);
                    probabilities(inner).copyTo(map(cv::Rect(column * coverage.cell, row * coverage.cell, coverage.cell, coverage.cell)));
                    coverage.ran[index] = 1;
                    ran_any = true;
                    ++runs;
                }
            }
            if (!ran_any && round > 0) break;
            int64_t post_started = thread_cpu_ns();
            found = regions(map, *parameters, 1.0 / scale, 1.0 / scale, coverage);
            postprocessing += thread_cpu_ns() - post_started;
            bool grew = false;
            for (const auto &box : found) {
                if (!box.cut) continue;
                float min_x = box.corners[0], max_x = min_x, min_y = box.corners[1], max_y = min_y;
                for (int i = 1; i < 4; ++i) {
                    min_x = std::min(min_x, box.corners[2 * i]);
                    max_x = std::max(max_x, box.corners[2 * i]);
                    min_y = std::min(min_y, box.corners[2 * i + 1]);
                    max_y = std::max(max_y, box.corners[2 * i + 1]);
                }
                double reach = std::min(max_x - min_x, max_y - min_y);
                int c0 = std::max(0, int(std::floor((min_x - reach) * scale / coverage.cell)));
                int c1 = std::min(all_columns - 1, int(std::floor((max_x + reach) * scale / coverage.cell)));
                int r0 = std::max(0, int(std::floor((min_y - reach) * scale / coverage.cell)));
                int r1 = std::min(all_rows - 1, int(std::floor((max_y + reach) * scale / coverage.cell)));
                for (int row = r0; row <= r1; ++row)
                    for (int column = c0; column <= c1; ++column) {
                        size_t index = size_t(row) * all_columns + column;
                        if (!wanted[index]) {
                            wanted[index] = 1;
                            grew = true;
                        }
                    }
            }
            if (!grew) break;
        }
        if (runs == 0) {
            if (cost != nullptr) *cost = lensd_detection_cost{0, 0, 0, 0};
            return 0;
        }
        int64_t finished = thread_cpu_ns();
        if (cost != nullptr) {
            *cost = lensd_detection_cost{finished - started - postprocessing, postprocessing, runs, int64_t(runs) * tile_size * tile_size};
        }
        std::copy_n(found.begin(), std::min(found.size(), size_t(capacity)), boxes);
        return int32_t(found.size());
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("text detection failed: ") + error.what());
    }
    return -1;
}

extern "C" int32_t lensd_structure_cells(
    const uint8_t *luma, int32_t width, int32_t height, int32_t stride, int32_t cell, int32_t threshold,
    int32_t *counts, size_t count_capacity, char *message, size_t message_capacity) {
    if (luma == nullptr || counts == nullptr || width <= 0 || height <= 0 || stride < width || cell <= 0) {
        write_message(message, message_capacity, "invalid arguments to the structure measure");
        return -1;
    }
    int columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell;
    if (count_capacity < size_t(columns) * rows) {
        write_message(message, message_capacity, "too little room for the structure cells");
        return -1;
    }
    try {
        cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(luma), size_t(stride));
        cv::Mat dx, dy;
        cv::Sobel(image, dx, CV_16S, 1, 0, 3);
        cv::Sobel(image, dy, CV_16S, 0, 1, 3);
        cv::Mat magnitude = (cv::abs(dx) + cv::abs(dy)) / 4;
        cv::Mat strong = magnitude >= threshold;
        for (int row = 0; row < rows; ++row) {
            for (int column = 0; column < columns; ++column) {
                cv::Rect area(column * cell, row * cell, std::min(cell, width - column * cell), std::min(cell, height - row * cell));
                counts[size_t(row) * columns + column] = cv::countNonZero(strong(area));
            }
        }
        return 0;
    } catch (const cv::Exception &error) {
        write_message(message, message_capacity, std::string("structure measure failed: ") + error.what());
    }
    return -1;
}
