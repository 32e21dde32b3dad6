#include "text_recognizer.h"
#include "shim_support.hpp"

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using lensd_shim::write_message;

struct WidthNetwork {
    int width;
    cv::dnn::Net net;
};

/// A model of one input width: its file, and its network while loaded.
struct WidthModel {
    int width;
    std::string path;
    bool loaded = false;
    cv::dnn::Net net;
    uint64_t last_used = 0;
};

/// Width models kept loaded at once: each network holds its own copy of the weights, and a
/// camera's lines mostly take one or two widths.
constexpr size_t loaded_limit = 2;

}  // namespace

struct lensd_text_recognizer {
    std::vector<WidthModel> models;
    uint64_t uses = 0;
    /// The direction classifier, when there is one (width 0 otherwise).
    WidthNetwork direction{0, cv::dnn::Net()};
    int height = 0;
    int classes = 0;
    cv::Mat blob;

    /// The input blob for a line scaled to `scaled_width` x height, padded with zeros (mid grey
    /// after normalisation, as PP-OCR pads) to `input_width`.
    void fill_blob(const cv::Mat &line, int scaled_width, int input_width) {
        cv::Mat resized;
        cv::resize(line, resized, cv::Size(scaled_width, height), 0, 0, line.rows > height ? cv::INTER_AREA : cv::INTER_LINEAR);
        int dims[4] = {1, 3, height, input_width};
        blob.create(4, dims, CV_32F);
        blob.setTo(0);
        for (int channel = 0; channel < 3; ++channel) {
            float *plane = blob.ptr<float>(0, channel);
            for (int y = 0; y < height; ++y) {
                const uint8_t *row = resized.ptr<uint8_t>(y);
                float *out = plane + size_t(y) * input_width;
                for (int x = 0; x < scaled_width; ++x) out[x] = float(row[x]) / 127.5f - 1.0f;
            }
        }
    }
};

/// Reads the ONNX file at `path` into `net` and runs it once on a blank line `width` wide, with
/// its output in `output`; false (the reason in `message`) when it cannot.
static bool load_checked(lensd_text_recognizer *recognizer, const char *path, int width, cv::dnn::Net &net, cv::Mat &output,
                  char *message, size_t message_capacity) {
    if (path == nullptr) {
        write_message(message, message_capacity, "no model path");
        return false;
    }
    try {
        std::ifstream file(path, std::ios::binary);
        if (!file) {
            write_message(message, message_capacity, std::string("cannot open ") + path + ": " + std::strerror(errno));
            return false;
        }
        std::vector<uchar> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        if (bytes.empty() || width <= 0) {
            write_message(message, message_capacity, std::string(path) + (bytes.empty() ? " is empty" : ": no input width"));
            return false;
        }
        net = cv::dnn::readNetFromONNX(bytes);
        recognizer->fill_blob(cv::Mat(recognizer->height, width, CV_8U, cv::Scalar(255)), width, width);
        net.setInput(recognizer->blob);
        output = net.forward().clone();
        return true;
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("cannot load ") + path + ": " + error.what());
    }
    return false;
}

/// Loads a width model's network, first freeing the least recently used one beyond ``loaded_limit``.
static bool load_model(lensd_text_recognizer *recognizer, WidthModel &model, char *message, size_t message_capacity) {
    size_t loaded = 0;
    for (const auto &other : recognizer->models) loaded += other.loaded ? 1 : 0;
    while (loaded >= loaded_limit) {
        WidthModel *oldest = nullptr;
        for (auto &other : recognizer->models)
            if (other.loaded && (oldest == nullptr || other.last_used < oldest->last_used)) oldest = &other;
        if (oldest == nullptr) break;
        oldest->net = cv::dnn::Net();
        oldest->loaded = false;
        --loaded;
    }
    cv::Mat output;
    if (!load_checked(recognizer, model.path.c_str(), model.width, model.net, output, message, message_capacity)) return false;
    model.loaded = true;
    return true;
}

extern "C" lensd_text_recognizer *lensd_text_recognizer_open(
    const char *const *paths, const int32_t *widths, int32_t count, int32_t height, int32_t classes,
    const char *direction_path, int32_t direction_width, char *message, size_t message_capacity) {
    if (paths == nullptr || widths == nullptr || count <= 0 || height <= 0 || classes <= 1) {
        write_message(message, message_capacity, "no recognition models given");
        return nullptr;
    }
    auto recognizer = new lensd_text_recognizer();
    recognizer->height = height;
    recognizer->classes = classes;
    for (int32_t index = 0; index < count; ++index) {
        if (index > 0 && widths[index] <= widths[index - 1]) {
            write_message(message, message_capacity, "recognition model widths must ascend");
            delete recognizer;
            return nullptr;
        }
        cv::Mat output;
        cv::dnn::Net net;
        if (!load_checked(recognizer, paths[index], widths[index], net, output, message, message_capacity)) {
            delete recognizer;
            return nullptr;
        }
        // A blank line gives one row of `classes` probabilities per time step.
        if (output.dims != 3 || output.size[0] != 1 || output.size[1] < 1 || output.size[2] != classes) {
            write_message(message, message_capacity, std::string(paths[index]) + " is not a text recogniser for " + std::to_string(classes)
                          + " classes at " + std::to_string(widths[index]) + "x" + std::to_string(height));
            delete recognizer;
            return nullptr;
        }
        // The first widths stay loaded; the others are loaded again when a line needs them.
        bool keeps = size_t(index) < loaded_limit;
        recognizer->models.push_back(WidthModel{widths[index], paths[index], keeps, keeps ? net : cv::dnn::Net()});
    }
    if (direction_path != nullptr) {
        cv::Mat output;
        cv::dnn::Net net;
        if (!load_checked(recognizer, direction_path, direction_width, net, output, message, message_capacity)) {
            delete recognizer;
            return nullptr;
        }
        if (output.total() != 2) {
            write_message(message, message_capacity, std::string(direction_path) + " is not a text direction classifier: it does not give two probabilities");
            delete recognizer;
            return nullptr;
        }
        recognizer->direction = WidthNetwork{direction_width, net};
    }
    return recognizer;
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
        WidthModel *chosen = &recognizer->models.back();
        for (auto &model : recognizer->models) {
            if (model.width >= scaled) {
                chosen = &model;
                break;
            }
        }
        if (!chosen->loaded && !load_model(recognizer, *chosen, message, message_capacity)) return -1;
        chosen->last_used = ++recognizer->uses;
        scaled = std::min(scaled, chosen->width);
        recognizer->fill_blob(line, scaled, chosen->width);
        cv::dnn::Net net = chosen->net;
        net.setInput(recognizer->blob);
        cv::Mat output = net.forward();
        if (output.dims != 3 || output.size[2] != recognizer->classes) {
            write_message(message, message_capacity, "the recogniser gave an output of another shape");
            return -1;
        }
        int steps = output.size[1];
        int count = recognizer->classes;
        const float *rows = output.ptr<float>();
        for (int step = 0; step < std::min(steps, int(capacity)); ++step) {
            const float *row = rows + size_t(step) * count;
            int best = 0;
            float probability = row[0];
            for (int index = 1; index < count; ++index) {
                if (row[index] > probability) {
                    best = index;
                    probability = row[index];
                }
            }
            classes[step] = best;
            probabilities[step] = probability;
        }
        if (step_width != nullptr) *step_width = float(chosen->width) / float(steps) * float(width) / float(scaled);
        return steps;
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("recognition failed: ") + error.what());
    }
    return -1;
}

extern "C" int32_t lensd_text_recognizer_direction(
    lensd_text_recognizer *recognizer, const uint8_t *luma, int32_t width, int32_t height, int32_t stride, float *upside_down,
    char *message, size_t message_capacity) {
    if (recognizer == nullptr || recognizer->direction.width == 0) {
        write_message(message, message_capacity, "no text direction classifier loaded");
        return -1;
    }
    if (luma == nullptr || width <= 0 || height <= 0 || stride < width || upside_down == nullptr) {
        write_message(message, message_capacity, "invalid line image");
        return -1;
    }
    try {
        cv::Mat line(height, width, CV_8U, const_cast<uint8_t *>(luma), size_t(stride));
        int scaled = std::clamp(int(std::lround(double(width) * recognizer->height / height)), 1, recognizer->direction.width);
        recognizer->fill_blob(line, scaled, recognizer->direction.width);
        cv::dnn::Net net = recognizer->direction.net;
        net.setInput(recognizer->blob);
        cv::Mat output = net.forward();
        if (output.total() != 2) {
            write_message(message, message_capacity, "the direction classifier gave an output of another shape");
            return -1;
        }
        *upside_down = output.ptr<float>()[1];
        return 0;
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("direction classification failed: ") + error.what());
    }
    return -1;
}
