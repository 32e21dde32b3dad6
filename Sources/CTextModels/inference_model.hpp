#ifndef LENSD_INFERENCE_MODEL_HPP
#define LENSD_INFERENCE_MODEL_HPP

// One network compiled by OpenVINO for one thread, with its inference request: what the detector
// and the recogniser run their models with. Not part of the C interface.

#include "inference_runtime.h"
#include "openvino_api.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct lensd_inference_runtime {
    void *library = nullptr;
    lensd_openvino::Api api{};
    lensd_openvino::ov_core_t *core = nullptr;
};

namespace lensd_inference {

/// A float tensor an inference gave: its data (owned by the request, valid until its next run) and shape.
struct Output {
    const float *data = nullptr;
    std::vector<int64_t> shape;

    size_t count() const {
        size_t total = shape.empty() ? 0 : 1;
        for (int64_t dimension : shape) total *= size_t(dimension);
        return total;
    }
};

/// An ONNX model compiled for the CPU (one stream, f32 arithmetic) with one inference request,
/// run by the calling thread and, with more than one thread, OpenVINO's own. Inputs of any size
/// the model accepts.
class Model {
public:
    /// Reads and compiles the ONNX file at `path` to run on `threads` threads; nullptr with the
    /// reason in `error` on failure.
    static std::unique_ptr<Model> load(const lensd_inference_runtime *runtime, const std::string &path, int threads, std::string &error);
    ~Model();
    Model(const Model &) = delete;
    Model &operator=(const Model &) = delete;

    /// Runs the network on one NCHW float input of `shape` (the data is read in place) and gives
    /// its first output; false with the reason in `error` on failure.
    bool run(float *input, const std::vector<int64_t> &shape, Output &output, std::string &error);

private:
    explicit Model(const lensd_inference_runtime *runtime) : runtime(runtime) {}
    std::string failure(const char *what) const;
    void release_output();

    const lensd_inference_runtime *runtime;
    lensd_openvino::ov_model_t *model = nullptr;
    lensd_openvino::ov_compiled_model_t *compiled = nullptr;
    lensd_openvino::ov_infer_request_t *request = nullptr;
    lensd_openvino::ov_tensor_t *output_tensor = nullptr;
};

}  // namespace lensd_inference

#endif
