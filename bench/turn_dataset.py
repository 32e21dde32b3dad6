#!/usr/bin/env python3
"""Turns a dev set of shelf photos a quarter clockwise, with its truth boxes, as a camera held on
its side sees it: OUT/NAME/images/*.jpg and OUT/NAME/truth.json, for bench/stills.sh:

    python3 bench/turn_dataset.py ../shared/datasets/shelf-jp-dev bench/out/turned
    LENSD_DATASETS=bench/out/turned bench/stills.sh

Needs Pillow. The photos are written under OUT only, never next to the dataset.
"""
import json
import os
import sys

from PIL import Image


def turned(box, height):
    x, y, w, h = box
    return [height - (y + h), x, h, w]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    dataset, out = sys.argv[1].rstrip("/"), sys.argv[2]
    name = os.path.basename(dataset)
    os.makedirs(f"{out}/{name}/images", exist_ok=True)
    truth = json.load(open(f"{dataset}/truth.json"))
    for image in truth["images"]:
        width, height = image["width"], image["height"]
        Image.open(f"{dataset}/images/{image['image']}").rotate(-90, expand=True).save(f"{out}/{name}/images/{image['image']}", quality=95)
        image["width"], image["height"] = height, width
        for key in ("amounts", "ignore"):
            image[key] = [dict(item, box=turned(item["box"], height)) for item in image.get(key, [])]
    json.dump(truth, open(f"{out}/{name}/truth.json", "w"))


if __name__ == "__main__":
    main()
