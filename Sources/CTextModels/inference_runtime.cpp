#include "inference_runtime.h"
#include "inference_model.hpp"
#include "shim_support.hpp"

#include <dlfcn.h>

#include <algorithm>

#include <exception>
#include <string>

using lensd_shim::write_message;
namespace ov = lensd_openvino;

namespace {

/// Resolves one entry point into `slot`; false, naming it in `error`, when the library lacks it.
template <typename Function>
bool resolve(void *library, const char *name, Function &slot, std::string &error) {
    slot = reinterpret_cast<Function>(dlsym(library, name));
    if (slot == nullptr) error = std::string("the library has no ") + name + " (is it OpenVINO's C library, version 2026.4?)";
    return slot != nullptr;
}

bool resolve_all(void *library, ov::Api &api, std::string &error) {
    return resolve(library, "ov_core_create", api.ov_core_create, error) && resolve(library, "ov_core_free", api.ov_core_free, error)
        && resolve(library, "ov_core_read_model", api.ov_core_read_model, error)
        && resolve(library, "ov_core_compile_model", api.ov_core_compile_model, error)
        && resolve(library, "ov_model_free", api.ov_model_free, error)
        && resolve(library, "ov_compiled_model_create_infer_request", api.ov_compiled_model_create_infer_request, error)
        && resolve(library, "ov_compiled_model_free", api.ov_compiled_model_free, error)
        && resolve(library, "ov_infer_request_set_input_tensor_by_index", api.ov_infer_request_set_input_tensor_by_index, error)
        && resolve(library, "ov_infer_request_infer", api.ov_infer_request_infer, error)
        && resolve(library, "ov_infer_request_get_output_tensor_by_index", api.ov_infer_request_get_output_tensor_by_index, error)
        && resolve(library, "ov_infer_request_free", api.ov_infer_request_free, error)
        && resolve(library, "ov_tensor_create_from_host_ptr", api.ov_tensor_create_from_host_ptr, error)
        && resolve(library, "ov_tensor_get_shape", api.ov_tensor_get_shape, error)
        && resolve(library, "ov_tensor_data", api.ov_tensor_data, error) && resolve(library, "ov_tensor_free", api.ov_tensor_free, error)
        && resolve(library, "ov_shape_create", api.ov_shape_create, error) && resolve(library, "ov_shape_free", api.ov_shape_free, error)
        && resolve(library, "ov_get_last_err_msg", api.ov_get_last_err_msg, error)
        && resolve(library, "ov_get_error_info", api.ov_get_error_info, error);
}

}  // namespace

extern "C" lensd_inference_runtime *lensd_inference_runtime_open(const char *library_path, char *message, size_t message_capacity) {
    if (library_path == nullptr) {
        write_message(message, message_capacity, "no library path");
        return nullptr;
    }
#if defined(__x86_64__)
    // OpenVINO's CPU plugin needs SSE4.2: without it, it stops the process with an illegal
    // instruction in its first inference.
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("sse4.2")) {
        write_message(message, message_capacity, "OpenVINO needs a CPU with SSE4.2, which this one lacks");
        return nullptr;
    }
#endif
    try {
        // RTLD_LOCAL: OpenVINO's symbols stay out of the process's global scope.
        void *library = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
        if (library == nullptr) {
            const char *reason = dlerror();
            write_message(message, message_capacity, std::string("cannot load ") + library_path + ": " + (reason ? reason : "unknown reason"));
            return nullptr;
        }
        auto runtime = new lensd_inference_runtime();
        runtime->library = library;
        std::string error;
        if (!resolve_all(library, runtime->api, error)) {
            delete runtime;
            write_message(message, message_capacity, std::string(library_path) + ": " + error);
            return nullptr;
        }
        if (runtime->api.ov_core_create(&runtime->core) != ov::ov_ok || runtime->core == nullptr) {
            const char *reason = runtime->api.ov_get_last_err_msg();
            write_message(message, message_capacity, std::string("OpenVINO could not start: ") + (reason ? reason : "unknown reason"));
            delete runtime;
            return nullptr;
        }
        return runtime;
    } catch (const std::exception &error) {
        write_message(message, message_capacity, std::string("cannot load ") + library_path + ": " + error.what());
    }
    return nullptr;
}

extern "C" void lensd_inference_runtime_close(lensd_inference_runtime *runtime) {
    if (runtime == nullptr) return;
    if (runtime->core != nullptr) runtime->api.ov_core_free(runtime->core);
    delete runtime;
}

namespace lensd_inference {

std::string Model::failure(const char *what) const {
    const char *reason = runtime->api.ov_get_last_err_msg();
    std::string text = std::string(what) + " failed";
    if (reason != nullptr && *reason != 0) text += std::string(": ") + reason;
    return text;
}

std::unique_ptr<Model> Model::load(const lensd_inference_runtime *runtime, const std::string &path, int threads, std::string &error) {
    if (runtime == nullptr || runtime->core == nullptr) {
        error = "no inference runtime";
        return nullptr;
    }
    std::unique_ptr<Model> loaded(new Model(runtime));
    const ov::Api &api = runtime->api;
    if (api.ov_core_read_model(runtime->core, path.c_str(), nullptr, &loaded->model) != ov::ov_ok) {
        error = loaded->failure("reading the model");
        return nullptr;
    }
    // One stream on `threads` threads, the calling one among them: each OCR worker runs its own
    // compiled model; f32 arithmetic gives the same results on every CPU (OpenVINO would pick
    // bf16 on some).
    const std::string thread_count = std::to_string(std::max(1, threads));
    if (api.ov_core_compile_model(runtime->core, loaded->model, "CPU", 10, &loaded->compiled, "INFERENCE_NUM_THREADS", thread_count.c_str(),
                                  "NUM_STREAMS", "1", "INFERENCE_PRECISION_HINT", "f32", "ENABLE_CPU_PINNING", "NO",
                                  "PERFORMANCE_HINT", "LATENCY") != ov::ov_ok) {
        error = loaded->failure("compiling the model");
        return nullptr;
    }
    // The compiled model keeps what it needs: the graph read from the file is freed now.
    api.ov_model_free(loaded->model);
    loaded->model = nullptr;
    if (api.ov_compiled_model_create_infer_request(loaded->compiled, &loaded->request) != ov::ov_ok) {
        error = loaded->failure("creating an inference request");
        return nullptr;
    }
    return loaded;
}

Model::~Model() {
    const ov::Api &api = runtime->api;
    release_output();
    if (request != nullptr) api.ov_infer_request_free(request);
    if (compiled != nullptr) api.ov_compiled_model_free(compiled);
    if (model != nullptr) api.ov_model_free(model);
}

void Model::release_output() {
    if (output_tensor != nullptr) runtime->api.ov_tensor_free(output_tensor);
    output_tensor = nullptr;
}

bool Model::run(float *input, const std::vector<int64_t> &shape, Output &output, std::string &error) {
    const ov::Api &api = runtime->api;
    release_output();
    ov::ov_shape_t input_shape{};
    if (api.ov_shape_create(int64_t(shape.size()), shape.data(), &input_shape) != ov::ov_ok) {
        error = failure("describing the input");
        return false;
    }
    ov::ov_tensor_t *tensor = nullptr;
    bool made = api.ov_tensor_create_from_host_ptr(ov::ov_element_f32, input_shape, input, &tensor) == ov::ov_ok;
    api.ov_shape_free(&input_shape);
    if (!made) {
        error = failure("making the input tensor");
        return false;
    }
    bool ran = api.ov_infer_request_set_input_tensor_by_index(request, 0, tensor) == ov::ov_ok;
    if (!ran) error = failure("setting the input");
    if (ran && api.ov_infer_request_infer(request) != ov::ov_ok) {
        error = failure("inference");
        ran = false;
    }
    api.ov_tensor_free(tensor);
    if (!ran) return false;
    if (api.ov_infer_request_get_output_tensor_by_index(request, 0, &output_tensor) != ov::ov_ok) {
        output_tensor = nullptr;
        error = failure("reading the output");
        return false;
    }
    void *data = nullptr;
    ov::ov_shape_t output_shape{};
    if (api.ov_tensor_data(output_tensor, &data) != ov::ov_ok || api.ov_tensor_get_shape(output_tensor, &output_shape) != ov::ov_ok) {
        error = failure("reading the output");
        return false;
    }
    output.data = static_cast<const float *>(data);
    output.shape.assign(output_shape.dims, output_shape.dims + output_shape.rank);
    api.ov_shape_free(&output_shape);
    return true;
}

}  // namespace lensd_inference
