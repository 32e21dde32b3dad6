#!/usr/bin/env python3
"""Draws region proposals over an image, for eyeballing the detector.

Usage: ocr-steps --boxes IMAGE | bench/draw-regions.py OUT.png
Reads the JSON lines printed by `ocr-steps --boxes` (one image) and writes the image with the
boxes drawn (colour by pyramid level). Needs Pillow.
"""
import json
import sys

from PIL import Image, ImageDraw

COLOURS = ["#ff0000", "#00b000", "#0000ff", "#ff00ff", "#ff8000", "#00c0c0"]


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    boxes = [json.loads(line) for line in sys.stdin if line.startswith("{")]
    if not boxes:
        print("no boxes", file=sys.stderr)
        return 1
    image = Image.open(boxes[0]["image"]).convert("RGB")
    draw = ImageDraw.Draw(image)
    for box in boxes:
        colour = COLOURS[box["level"] % len(COLOURS)]
        draw.rectangle([box["x"], box["y"], box["x"] + box["w"], box["y"] + box["h"]], outline=colour, width=2)
    image.save(sys.argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
