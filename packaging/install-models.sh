#!/usr/bin/env bash
# Installs lensd's trained text models, both from PaddlePaddle's PaddleOCR (Apache-2.0) as shipped
# inside the PyPI wheel rapidocr_onnxruntime 1.4.4, each rewritten for OpenCV 4.6's DNN module with
# the same arithmetic:
# - the PP-OCRv4 mobile DB text detector (ch_PP-OCRv4_det_infer.onnx), by
#   packaging/models/convert_for_opencv.py with Debian's python3-onnx;
# - the PP-OCRv4 mobile text line recogniser (ch_PP-OCRv4_rec_infer.onnx), one file per input width,
#   and its character list, and the PP-OCR mobile v2.0 text direction classifier
#   (ch_ppocr_mobile_v2.0_cls_infer.onnx), by packaging/models/convert_recognizer_for_opencv.py, which also needs
#   Debian's python3-opencv and runs the model once under ONNX Runtime (its PyPI wheel, downloaded
#   into a temporary folder for the conversion only: lensd never uses it).
#
# usage: packaging/install-models.sh [DIR]
# DIR defaults to $XDG_DATA_HOME/lensd/models (~/.local/share/lensd/models), or
# /usr/local/share/lensd/models when run as root. Models already installed are left alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

wheel_version=1.4.4
wheel_sha256=971d7d5f223a7a808662229df1ef69893809d8457d834e6373d3854bc1782cbf
detector_sha256=d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9
recognizer_sha256=48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b
classifier_sha256=e47acedf663230f8863ff1ab0e64dd2d82b838fceb5957146dab185a89d6215c
runtime_version=1.32.0
runtime_sha256=5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d
detector=ch_PP-OCRv4_det.opencv.onnx
widths=(160 320 640)
characters=ch_PP-OCRv4_rec.characters.txt
classifier=ch_ppocr_mobile_v2.0_cls.opencv.onnx

if [ $# -ge 1 ]; then
    dir=$1
elif [ "$(id -u)" = 0 ] && [ -z "${XDG_DATA_HOME:-}" ]; then
    dir=/usr/local/share/lensd/models
else
    dir=${XDG_DATA_HOME:-$HOME/.local/share}/lensd/models
fi

need_detector=true need_recognizer=false
[ -s "$dir/$detector" ] && need_detector=false
[ -s "$dir/$characters" ] && [ -s "$dir/$classifier" ] || need_recognizer=true
for width in "${widths[@]}"; do [ -s "$dir/ch_PP-OCRv4_rec.opencv.w$width.onnx" ] || need_recognizer=true; done
if ! $need_detector && ! $need_recognizer; then
    echo "lensd: text models already installed in $dir"
    exit 0
fi

# Debian's python3 with python3-onnx and python3-opencv (pip's or pyenv's python3 may lack them).
python=/usr/bin/python3
if ! "$python" -c 'import onnx' 2>/dev/null; then
    echo "lensd: the model conversion needs Debian's python3-onnx: apt-get install python3-onnx" >&2
    exit 1
fi
if $need_recognizer && ! "$python" -c 'import cv2' 2>/dev/null; then
    echo "lensd: the recogniser's conversion needs Debian's python3-opencv: apt-get install python3-opencv" >&2
    exit 1
fi
pip=(pip3)
command -v pip3 >/dev/null 2>&1 || pip=("$python" -m pip)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "lensd: downloading rapidocr_onnxruntime $wheel_version from PyPI for its text models"
"${pip[@]}" download --quiet --no-deps --only-binary=:all: --dest "$work" "rapidocr_onnxruntime==$wheel_version"
wheel=$(ls "$work"/rapidocr_onnxruntime-"$wheel_version"-*.whl)
echo "$wheel_sha256  $wheel" | sha256sum --check --quiet
"$python" - "$wheel" "$work" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for name, member in (("det", "ch_PP-OCRv4_det_infer"), ("rec", "ch_PP-OCRv4_rec_infer"), ("cls", "ch_ppocr_mobile_v2.0_cls_infer")):
        with open(f"{sys.argv[2]}/{name}.onnx", "wb") as out:
            out.write(wheel.read(f"rapidocr_onnxruntime/models/{member}.onnx"))
PY
echo "$detector_sha256  $work/det.onnx" | sha256sum --check --quiet
echo "$recognizer_sha256  $work/rec.onnx" | sha256sum --check --quiet
echo "$classifier_sha256  $work/cls.onnx" | sha256sum --check --quiet
mkdir -p "$dir" "$work/out"

if $need_detector; then
    "$python" "$here/models/convert_for_opencv.py" "$work/det.onnx" "$work/out/$detector"
fi
if $need_recognizer; then
    echo "lensd: downloading onnxruntime $runtime_version from PyPI for the recogniser's conversion"
    "${pip[@]}" download --quiet --no-deps --only-binary=:all: --dest "$work" "onnxruntime==$runtime_version"
    runtime=$(ls "$work"/onnxruntime-"$runtime_version"-*.whl)
    if ! echo "$runtime_sha256  $runtime" | sha256sum --check --quiet 2>/dev/null; then
        echo "lensd: $(basename "$runtime") is not the onnxruntime wheel this script knows (Debian 12's Python 3.11 on x86-64)" >&2
        exit 1
    fi
    "$python" -m zipfile -e "$runtime" "$work/runtime"
    PYTHONPATH="$work/runtime" "$python" "$here/models/convert_recognizer_for_opencv.py" recognizer "$work/rec.onnx" "$work/out" "${widths[@]}"
    PYTHONPATH="$work/runtime" "$python" "$here/models/convert_recognizer_for_opencv.py" classifier "$work/cls.onnx" "$work/out/$classifier"
fi
for file in "$work"/out/*; do
    name=$(basename "$file")
    install -m 0644 "$file" "$dir/$name.tmp"
    mv -f "$dir/$name.tmp" "$dir/$name"
done
install -m 0644 "$here/models/LICENSE-PP-OCR.md" "$dir/LICENSE-PP-OCR.md"
echo "lensd: installed PP-OCR's text detection, recognition and direction models in $dir (Apache-2.0: $dir/LICENSE-PP-OCR.md)"
