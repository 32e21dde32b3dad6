#!/usr/bin/env python3
"""Turns a dev set of shelf photos a quarter clockwise (or counterclockwise with
--counterclockwise), with its truth boxes, as a camera held on its side sees it:
OUT/NAME/images/*.jpg and OUT/NAME/truth.json, for bench/stills.sh:

    python3 bench/turn_dataset.py [--counterclockwise] ../shared/datasets/shelf-jp-dev bench/out/turned
    LENSD_DATASETS=bench/out/turned bench/stills.sh

Needs Pillow. The photos are written under OUT only, never next to the dataset.
"""
import json
import os
import sys

from PIL import Image


def turned(box, width, height, clockwise):
    x, y, w, h = box
    return [height - (y + h), x, h, w] if clockwise else [y, width - (x + w), h, w]


def main():
    args = sys.argv[1:]
    clockwise = "--counterclockwise" not in args
    args = [arg for arg in args if arg != "--counterclockwise"]
    if len(args) != 2:
        sys.exit(__doc__)
    dataset, out = args[0].rstrip("/"), args[1]
    name = os.path.basename(dataset)
    os.makedirs(f"{out}/{name}/images", exist_ok=True)
    truth = json.load(open(f"{dataset}/truth.json"))
    for image in truth["images"]:
        width, height = image["width"], image["height"]
        Image.open(f"{dataset}/images/{image['image']}").rotate(-90 if clockwise else 90, expand=True).save(f"{out}/{name}/images/{image['image']}", quality=95)
        image["width"], image["height"] = height, width
        for key in ("amounts", "ignore"):
            image[key] = [dict(item, box=turned(item["box"], width, height, clockwise)) for item in image.get(key, [])]
    json.dump(truth, open(f"{out}/{name}/truth.json", "w"))


if __name__ == "__main__":
    main()
