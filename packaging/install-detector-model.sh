#!/usr/bin/env bash
# Installs lensd's text detector model: PP-OCRv4's mobile DB text detection model
# (ch_PP-OCRv4_det_infer.onnx, Apache-2.0, by PaddlePaddle's PaddleOCR, as shipped inside the PyPI
# wheel rapidocr_onnxruntime 1.4.4), rewritten for OpenCV 4.6's DNN module with the same arithmetic
# (packaging/detector-model/convert_for_opencv.py, with Debian's python3-onnx).
#
# usage: packaging/install-detector-model.sh [DIR]
# DIR defaults to $XDG_DATA_HOME/lensd/models (~/.local/share/lensd/models), or
# /usr/local/share/lensd/models when run as root. Does nothing when the model is there already.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

wheel_version=1.4.4
wheel_sha256=971d7d5f223a7a808662229df1ef69893809d8457d834e6373d3854bc1782cbf
model_sha256=d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9
name=ch_PP-OCRv4_det.opencv.onnx

if [ $# -ge 1 ]; then
    dir=$1
elif [ "$(id -u)" = 0 ] && [ -z "${XDG_DATA_HOME:-}" ]; then
    dir=/usr/local/share/lensd/models
else
    dir=${XDG_DATA_HOME:-$HOME/.local/share}/lensd/models
fi
if [ -s "$dir/$name" ]; then
    echo "lensd: text detector model already installed: $dir/$name"
    exit 0
fi

# Debian's python3 with python3-onnx (pip's or pyenv's python3 may lack the onnx module).
python=/usr/bin/python3
if ! "$python" -c 'import onnx' 2>/dev/null; then
    echo "lensd: the model conversion needs Debian's python3-onnx: apt-get install python3-onnx" >&2
    exit 1
fi
pip=(pip3)
command -v pip3 >/dev/null 2>&1 || pip=("$python" -m pip)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "lensd: downloading rapidocr_onnxruntime $wheel_version from PyPI for its text detection model"
"${pip[@]}" download --quiet --no-deps --only-binary=:all: --dest "$work" "rapidocr_onnxruntime==$wheel_version"
wheel=$(ls "$work"/rapidocr_onnxruntime-"$wheel_version"-*.whl)
echo "$wheel_sha256  $wheel" | sha256sum --check --quiet
"$python" - "$wheel" "$work/det.onnx" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[2], "wb") as out:
    out.write(wheel.read("rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx"))
PY
echo "$model_sha256  $work/det.onnx" | sha256sum --check --quiet
"$python" "$here/detector-model/convert_for_opencv.py" "$work/det.onnx" "$work/$name"
mkdir -p "$dir"
install -m 0644 "$work/$name" "$dir/$name.tmp"
mv -f "$dir/$name.tmp" "$dir/$name"
install -m 0644 "$here/detector-model/LICENSE-PP-OCR.md" "$dir/LICENSE-PP-OCR.md"
echo "lensd: installed $dir/$name (PP-OCRv4 detection model, Apache-2.0: $dir/LICENSE-PP-OCR.md)"
