#include "text_recognizer.h"
#include "inference_model.hpp"
#include "shim_support.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <string>
#include <vector>

using lensd_shim::write_message;

struct lensd_text_recognizer {
    std::unique_ptr<lensd_inference::Model> recognition;
    std::unique_ptr<lensd_inference::Model> direction;
    std::vector<int32_t> widths;
    int direction_width = 0;
    int height = 0;
    int classes = 0;
    std::vector<float> input;

    /// The input for a line scaled to `scaled_width` x height and padded on the right with zeros
    /// (mid grey after normalisation, as PP-OCR pads) to `input_width`: grey / 127.5 - 1 in all
    /// three channels.
    void fill_input(const cv::Mat &line, int scaled_width, int input_width) {
        cv::Mat resized;
        cv::resize(line, resized, cv::Size(scaled_width, height), 0, 0, line.rows > height ? cv::INTER_AREA : cv::INTER_LINEAR);
        const size_t plane = size_t(height) * input_width;
        input.assign(3 * plane, 0.0f);
        for (int y = 0; y < height; ++y) {
            const uint8_t *row = resized.ptr<uint8_t>(y);
            float *out = input.data() + size_t(y) * input_width;
            for (int x = 0; x < scaled_width; ++x) out[x] = float(row[x]) / 127.5f - 1.0f;
        }
        for (int channel = 1; channel < 3; ++channel) std::copy_n(input.begin(), plane, input.begin() + channel * plane);
    }

    /// The narrowest input width that holds a line `scaled` wide, else the widest.
    int input_width(int scaled) const {
        for (int32_t width : widths)
            if (width >= scaled) return width;
        return widths.back();
    }
};

namespace {

/// Runs `model` on `recognizer`'s input, `width` wide; false with the reason in `error`.
bool run(lensd_text_recognizer *recognizer, lensd_inference::Model &model, int width, lensd_inference::Output &output, std::string &error) {
    return model.run(recognizer->input.data(), {1, 3, recognizer->height, width}, output, error);
}

}  // namespace

extern "C" lensd_text_recognizer *lensd_text_recognizer_open(
    const lensd_inference_runtime *runtime, const char *model_path, const int32_t *widths, int32_t width_count, int32_t height,
    int32_t classes, const char *direction_path, int32_t direction_width, int32_t threads, char *message, size_t message_capacity) {
    if (runtime == nullptr || model_path == nullptr || widths == nullptr || width_count <= 0 || height <= 0 || classes <= 1) {
        write_message(message, message_capacity, "no recognition model given");
        return nullptr;
    }
    try {
        std::unique_ptr<lensd_text_recognizer> recognizer(new lensd_text_recognizer());
        recognizer->height = height;
        recognizer->classes = classes;
        for (int32_t index = 0; index < width_count; ++index) {
            if (widths[index] <= 0 || (index > 0 && widths[index] <= widths[index - 1])) {
                write_message(message, message_capacity, "recognition input widths must be positive and ascend");
                return nullptr;
            }
            recognizer->widths.push_back(widths[index]);
        }
        std::string error;
        recognizer->recognition = lensd_inference::Model::load(runtime, model_path, threads, error);
        if (!recognizer->recognition) {
            write_message(message, message_capacity, error);
            return nullptr;
        }
        // A blank line of each width gives one row of `classes` probabilities per time step.
        for (int32_t width : recognizer->widths) {
            lensd_inference::Output output;
            recognizer->fill_input(cv::Mat(height, width, CV_8U, cv::Scalar(255)), width, width);
            if (!run(recognizer.get(), *recognizer->recognition, width, output, error) || output.shape.size() != 3 || output.shape[0] != 1
                || output.shape[1] < 1 || output.shape[2] != classes) {
                write_message(message, message_capacity, std::string(model_path) + " is not a text recogniser for " + std::to_string(classes)
                              + " classes at " + std::to_string(width) + "x" + std::to_string(height) + (error.empty() ? "" : ": " + error));
                return nullptr;
            }
        }
        if (direction_path != nullptr) {
            recognizer->direction = lensd_inference::Model::load(runtime, direction_path, threads, error);
            lensd_inference::Output output;
            if (recognizer->direction) {
                recognizer->fill_input(cv::Mat(height, direction_width, CV_8U, cv::Scalar(255)), direction_width, direction_width);
            }
            if (!recognizer->direction || direction_width <= 0 || !run(recognizer.get(), *recognizer->direction, direction_width, output, error)
                || output.count() != 2) {
                write_message(message, message_capacity, std::string(direction_path) + " is not a text direction classifier giving two probabilities"
                              + (error.empty() ? "" : ": " + error));
                return nullptr;
            }
            recognizer->direction_width = direction_width;
        }
        return recognizer.release();
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("cannot load ") + model_path + ": " + error.what());
    }
    return nullptr;
}

extern "C" void lensd_text_recognizer_close(lensd_text_recognizer *recognizer) { delete recognizer; }

extern "C" int32_t lensd_text_recognizer_read(
    lensd_text_recognizer *recognizer, const uint8_t *luma, int32_t width, int32_t height, int32_t stride,
    int32_t *classes, float *probabilities, int32_t capacity, float *step_width, char *message, size_t message_capacity) {
    if (recognizer == nullptr || luma == nullptr || width <= 0 || height <= 0 || stride < width || capacity < 0
        || (capacity > 0 && (classes == nullptr || probabilities == nullptr))) {
        write_message(message, message_capacity, "invalid line image or output buffers");
        return -1;
    }
    try {
        cv::Mat line(height, width, CV_8U, const_cast<uint8_t *>(luma), size_t(stride));
        int scaled = std::max(1, int(std::lround(double(width) * recognizer->height / height)));
        int input_width = recognizer->input_width(scaled);
        scaled = std::min(scaled, input_width);
        recognizer->fill_input(line, scaled, input_width);
        lensd_inference::Output output;
        std::string error;
        if (!run(recognizer, *recognizer->recognition, input_width, output, error)) {
            write_message(message, message_capacity, "recognition failed: " + error);
            return -1;
        }
        if (output.shape.size() != 3 || output.shape[2] != recognizer->classes) {
            write_message(message, message_capacity, "the recogniser gave an output of another shape");
            return -1;
        }
        int steps = int(output.shape[1]);
        int count = recognizer->classes;
        for (int step = 0; step < std::min(steps, int(capacity)); ++step) {
            const float *row = output.data + size_t(step) * count;
            const float *best = std::max_element(row, row + count);
            classes[step] = int32_t(best - row);
            probabilities[step] = *best;
        }
        if (step_width != nullptr) *step_width = float(input_width) / float(steps) * float(width) / float(scaled);
        return steps;
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("recognition failed: ") + error.what());
    }
    return -1;
}

extern "C" int32_t lensd_text_recognizer_direction(
    lensd_text_recognizer *recognizer, const uint8_t *luma, int32_t width, int32_t height, int32_t stride, float *upside_down,
    char *message, size_t message_capacity) {
    if (recognizer == nullptr || !recognizer->direction) {
        write_message(message, message_capacity, "no text direction classifier loaded");
        return -1;
    }
    if (luma == nullptr || width <= 0 || height <= 0 || stride < width || upside_down == nullptr) {
        write_message(message, message_capacity, "invalid line image");
        return -1;
    }
    try {
        cv::Mat line(height, width, CV_8U, const_cast<uint8_t *>(luma), size_t(stride));
        int scaled = std::clamp(int(std::lround(double(width) * recognizer->height / height)), 1, recognizer->direction_width);
        recognizer->fill_input(line, scaled, recognizer->direction_width);
        lensd_inference::Output output;
        std::string error;
        if (!run(recognizer, *recognizer->direction, recognizer->direction_width, output, error)) {
            write_message(message, message_capacity, "direction classification failed: " + error);
            return -1;
        }
        if (output.count() != 2) {
            write_message(message, message_capacity, "the direction classifier gave an output of another shape");
            return -1;
        }
        *upside_down = output.data[1];
        return 0;
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("direction classification failed: ") + error.what());
    }
    return -1;
}
