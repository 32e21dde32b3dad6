#!/usr/bin/env bash
# Installs lensd's trained text models and the inference runtime that runs them:
# - PaddlePaddle's PaddleOCR models (Apache-2.0) as shipped inside the PyPI wheel
#   rapidocr_onnxruntime 1.4.4: the PP-OCRv4 mobile DB text detector and the PP-OCR mobile v2.0
#   text direction classifier as they are, and the PP-OCRv4 mobile text line recogniser with only
#   the classes prices are written in (packaging/models/prune_recognizer_classes.py, with
#   Debian's python3-onnx) and its character list;
# - OpenVINO 2026.4.1 (Apache-2.0), Intel's inference runtime, from its PyPI wheel: the C library
#   lensd loads at run time, the core, the CPU plugin, the ONNX reader and oneTBB, with their
#   licences.
# Every download's SHA-256 is checked.
#
# usage: packaging/install-models.sh [MODELS_DIR [RUNTIME_DIR]]
# MODELS_DIR defaults to $XDG_DATA_HOME/lensd/models (~/.local/share/lensd/models), or
# /usr/local/share/lensd/models when run as root; RUNTIME_DIR to $XDG_DATA_HOME/lensd/runtime
# (~/.local/share/lensd/runtime), or /usr/local/lib/lensd/runtime when run as root. What is
# installed already is left alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

models_wheel_version=1.4.4
models_wheel_sha256=971d7d5f223a7a808662229df1ef69893809d8457d834e6373d3854bc1782cbf
detector_sha256=d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9
recognizer_sha256=48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b
classifier_sha256=e47acedf663230f8863ff1ab0e64dd2d82b838fceb5957146dab185a89d6215c
runtime_version=2026.4.1
runtime_platform=manylinux_2_28_x86_64
runtime_sha256=2d22b1da03f7caf74df30e9f6417d0ab2f637e4a38e08e1dcd294d2c37407aaf
runtime_libraries=(libopenvino_c.so.2641 libopenvino.so.2641 libopenvino_intel_cpu_plugin.so libopenvino_onnx_frontend.so.2641 libtbb.so.12)
detector=ch_PP-OCRv4_det_infer.onnx
recognizer=ch_PP-OCRv4_rec.onnx
characters=ch_PP-OCRv4_rec.characters.txt
classifier=ch_ppocr_mobile_v2.0_cls_infer.onnx

data=${XDG_DATA_HOME:-$HOME/.local/share}
if [ "$(id -u)" = 0 ] && [ -z "${XDG_DATA_HOME:-}" ]; then
    models_dir=${1:-/usr/local/share/lensd/models}
    runtime_dir=${2:-/usr/local/lib/lensd/runtime}
else
    models_dir=${1:-$data/lensd/models}
    runtime_dir=${2:-$data/lensd/runtime}
fi

need_models=false need_runtime=false
for file in "$detector" "$recognizer" "$characters" "$classifier" LICENSE-PP-OCR.md; do [ -s "$models_dir/$file" ] || need_models=true; done
for file in "${runtime_libraries[@]}" LICENSE-OpenVINO.txt; do [ -s "$runtime_dir/$file" ] || need_runtime=true; done
if ! $need_models && ! $need_runtime; then
    echo "lensd: text models already installed in $models_dir, inference runtime in $runtime_dir"
    exit 0
fi
if $need_runtime && [ "$(uname -m)" != x86_64 ]; then
    echo "lensd: this installer knows OpenVINO's wheel for x86-64 Linux only, not $(uname -m)" >&2
    exit 1
fi

# Debian's python3 with python3-onnx (pip's or pyenv's python3 may lack it).
python=/usr/bin/python3
if $need_models && ! "$python" -c 'import onnx' 2>/dev/null; then
    echo "lensd: preparing the recogniser needs Debian's python3-onnx: apt-get install python3-onnx" >&2
    exit 1
fi
pip=(pip3)
command -v pip3 >/dev/null 2>&1 || pip=("$python" -m pip)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Unpacks members of a wheel (a zip): wheel, then pairs of member and destination.
unpack() {
    "$python" - "$@" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for member, target in zip(sys.argv[2::2], sys.argv[3::2]):
        with open(target, "wb") as out:
            out.write(wheel.read(member))
PY
}

# Copies the files of $work/out into a folder, each through a temporary name.
install_into() {
    local dir=$1 file name
    mkdir -p "$dir"
    for file in "$work"/out/*; do
        name=$(basename "$file")
        install -m 0644 "$file" "$dir/$name.tmp"
        mv -f "$dir/$name.tmp" "$dir/$name"
    done
    rm -rf "$work/out"
}

if $need_models; then
    echo "lensd: downloading rapidocr_onnxruntime $models_wheel_version from PyPI for its text models"
    "${pip[@]}" download --quiet --no-deps --only-binary=:all: --dest "$work" "rapidocr_onnxruntime==$models_wheel_version"
    wheel=$(ls "$work"/rapidocr_onnxruntime-"$models_wheel_version"-*.whl)
    echo "$models_wheel_sha256  $wheel" | sha256sum --check --quiet
    mkdir -p "$work/out"
    unpack "$wheel" rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx "$work/out/$detector" \
        rapidocr_onnxruntime/models/ch_PP-OCRv4_rec_infer.onnx "$work/rec.onnx" \
        rapidocr_onnxruntime/models/ch_ppocr_mobile_v2.0_cls_infer.onnx "$work/out/$classifier"
    echo "$detector_sha256  $work/out/$detector" | sha256sum --check --quiet
    echo "$recognizer_sha256  $work/rec.onnx" | sha256sum --check --quiet
    echo "$classifier_sha256  $work/out/$classifier" | sha256sum --check --quiet
    "$python" "$here/models/prune_recognizer_classes.py" "$work/rec.onnx" "$work/out/$recognizer" "$work/out/$characters"
    cp "$here/models/LICENSE-PP-OCR.md" "$work/out/LICENSE-PP-OCR.md"
    install_into "$models_dir"
    # Files of earlier versions of this installer (the models rewritten for OpenCV 4.6's DNN module).
    rm -f "$models_dir"/*.opencv.onnx "$models_dir"/*.opencv.w*.onnx
    echo "lensd: installed PP-OCR's text detection, recognition and direction models in $models_dir (Apache-2.0: $models_dir/LICENSE-PP-OCR.md)"
fi

if $need_runtime; then
    echo "lensd: downloading openvino $runtime_version from PyPI for its inference runtime"
    "${pip[@]}" download --quiet --no-deps --only-binary=:all: --platform "$runtime_platform" --python-version 3.11 \
        --implementation cp --abi cp311 --dest "$work" "openvino==$runtime_version"
    wheel=$(ls "$work"/openvino-"$runtime_version"-*.whl)
    if ! echo "$runtime_sha256  $wheel" | sha256sum --check --quiet 2>/dev/null; then
        echo "lensd: $(basename "$wheel") is not the openvino wheel this script knows" >&2
        exit 1
    fi
    mkdir -p "$work/out"
    members=()
    for library in "${runtime_libraries[@]}"; do members+=("openvino/libs/$library" "$work/out/$library"); done
    license=openvino-$runtime_version.dist-info/licenses
    members+=("$license/LICENSE" "$work/out/LICENSE-OpenVINO.txt"
        "$license/licensing/runtime-third-party-programs.txt" "$work/out/third-party-programs-runtime.txt"
        "$license/licensing/onednn_third-party-programs.txt" "$work/out/third-party-programs-onednn.txt"
        "$license/licensing/onetbb_third-party-programs.txt" "$work/out/third-party-programs-onetbb.txt")
    unpack "$wheel" "${members[@]}"
    install_into "$runtime_dir"
    echo "lensd: installed OpenVINO $runtime_version's runtime in $runtime_dir (Apache-2.0: $runtime_dir/LICENSE-OpenVINO.txt)"
fi
