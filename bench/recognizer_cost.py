#!/usr/bin/python3
"""Times one forward pass of each installed line recogniser width and of the direction classifier,
on one thread, through Debian's OpenCV 4.6 (python3-opencv), the library lensd runs them with.

usage: bench/recognizer_cost.py [MODEL_DIR] [--runs N]
MODEL_DIR defaults to the first folder lensd searches that holds the recogniser.
"""
import os
import statistics
import sys
import time

import cv2
import numpy as np

WIDTHS = (160, 320, 640)


def model_dir(arguments):
    for argument in arguments:
        if not argument.startswith("--") and not argument.isdigit():
            return argument
    data = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    for folder in (f"{data}/lensd/models", "/usr/local/share/lensd/models", "/usr/share/lensd/models"):
        if os.path.exists(f"{folder}/ch_PP-OCRv4_rec.characters.txt"):
            return folder
    sys.exit("no recogniser installed: run packaging/install-models.sh")


def median_ms(net, width, runs):
    x = np.random.RandomState(width).rand(1, 3, 48, width).astype(np.float32) * 2 - 1
    net.setInput(x)
    net.forward()
    times = []
    for _ in range(runs):
        started = time.thread_time()
        net.setInput(x)
        net.forward()
        times.append((time.thread_time() - started) * 1000)
    return statistics.median(times)


def main():
    arguments = sys.argv[1:]
    runs = int(arguments[arguments.index("--runs") + 1]) if "--runs" in arguments else 20
    folder = model_dir([a for i, a in enumerate(arguments) if i == 0 or arguments[i - 1] != "--runs"])
    cv2.setNumThreads(1)
    for width in WIDTHS:
        net = cv2.dnn.readNetFromONNX(f"{folder}/ch_PP-OCRv4_rec.opencv.w{width}.onnx")
        print(f"recogniser 48x{width}: {median_ms(net, width, runs):.1f} ms CPU (median of {runs})")
    net = cv2.dnn.readNetFromONNX(f"{folder}/ch_ppocr_mobile_v2.0_cls.opencv.onnx")
    print(f"direction classifier 48x192: {median_ms(net, 192, runs):.1f} ms CPU (median of {runs})")


if __name__ == "__main__":
    main()
