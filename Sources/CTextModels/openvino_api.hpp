#ifndef LENSD_OPENVINO_API_HPP
#define LENSD_OPENVINO_API_HPP

// The part of OpenVINO's public C API (openvino/c/openvino.h) that lensd calls, declared here and
// resolved at run time with dlsym from the libopenvino_c that packaging/install-models.sh installs
// (OpenVINO 2026.4.1 from its PyPI wheel, whose SHA-256 the installer checks): lensd builds without
// OpenVINO and says at start-up which command installs it when it is missing. Not part of the C
// interface of this target.

#include <cstddef>
#include <cstdint>

namespace lensd_openvino {

struct ov_core_t;
struct ov_model_t;
struct ov_compiled_model_t;
struct ov_infer_request_t;
struct ov_tensor_t;

/// `ov_shape_t`: a static shape.
struct ov_shape_t {
    int64_t rank;
    int64_t *dims;
};

/// `ov_status_e`: 0 is success; every other value an error, described by `ov_get_last_err_msg`.
using ov_status_e = int;
constexpr ov_status_e ov_ok = 0;

/// `ov_element_type_e`'s f32 (DYNAMIC, BOOLEAN, BF16, F16, F32, …).
constexpr int ov_element_f32 = 4;

/// The entry points, each the C function of the same name.
struct Api {
    ov_status_e (*ov_core_create)(ov_core_t **core);
    void (*ov_core_free)(ov_core_t *core);
    ov_status_e (*ov_core_read_model)(const ov_core_t *core, const char *model_path, const char *bin_path, ov_model_t **model);
    ov_status_e (*ov_core_compile_model)(const ov_core_t *core, const ov_model_t *model, const char *device_name,
                                         size_t property_args_size, ov_compiled_model_t **compiled_model, ...);
    void (*ov_model_free)(ov_model_t *model);
    ov_status_e (*ov_compiled_model_create_infer_request)(const ov_compiled_model_t *compiled_model, ov_infer_request_t **request);
    void (*ov_compiled_model_free)(ov_compiled_model_t *compiled_model);
    ov_status_e (*ov_infer_request_set_input_tensor_by_index)(ov_infer_request_t *request, size_t index, const ov_tensor_t *tensor);
    ov_status_e (*ov_infer_request_infer)(ov_infer_request_t *request);
    ov_status_e (*ov_infer_request_get_output_tensor_by_index)(const ov_infer_request_t *request, size_t index, ov_tensor_t **tensor);
    void (*ov_infer_request_free)(ov_infer_request_t *request);
    ov_status_e (*ov_tensor_create_from_host_ptr)(int type, ov_shape_t shape, void *host_pointer, ov_tensor_t **tensor);
    ov_status_e (*ov_tensor_get_shape)(const ov_tensor_t *tensor, ov_shape_t *shape);
    ov_status_e (*ov_tensor_data)(const ov_tensor_t *tensor, void **data);
    void (*ov_tensor_free)(ov_tensor_t *tensor);
    ov_status_e (*ov_shape_create)(int64_t rank, const int64_t *dims, ov_shape_t *shape);
    ov_status_e (*ov_shape_free)(ov_shape_t *shape);
    const char *(*ov_get_last_err_msg)();
    const char *(*ov_get_error_info)(ov_status_e status);
};

}  // namespace lensd_openvino

#endif
