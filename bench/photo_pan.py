#!/usr/bin/env python3
"""Builds a moving sequence from a real photo: a camera window panning across it, with the truth
boxes moved along, for `lensd replay` and `lensd eval`.

usage: bench/photo_pan.py DATASET IMAGE OUT_DIR [--size 640x480] [--speed 4] [--fps 30]
       [--rotate 0|90|270] [--seed N]

DATASET is a dev set's folder (`../shared/datasets/shelf-jp-dev`): IMAGE is one of its images
(file name). Writes OUT_DIR/NAME.y4m (luma only, `Cmono`) and OUT_DIR/NAME.truth.json (lensd's
sequence truth: per frame the prices in full view, and in `cut` those the window's edge cuts or
the dataset ignores). The window runs along the photo's longer free axis at SPEED pixels a frame,
swaying a little across it (a hand-held camera), from one end to the other and back (--one-way: there only); the photo
stays at its own scale, so text is as many pixels high as in the photo. With --rotate, the photo
(and its truth) is turned first, as a camera held on its side sees it. Needs numpy and Pillow.
"""
import argparse
import json
import math
import os
import random
import sys

import numpy as np
from PIL import Image


def rotated_box(box, width, height, rotate):
    x, y, w, h = box
    if rotate == 90:  # clockwise
        return [height - (y + h), x, h, w]
    if rotate == 270:
        return [y, width - (x + w), h, w]
    return [x, y, w, h]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset")
    parser.add_argument("image")
    parser.add_argument("out")
    parser.add_argument("--size", default="640x480")
    parser.add_argument("--speed", type=float, default=4.0)
    parser.add_argument("--fps", type=int, default=30)
    parser.add_argument("--rotate", type=int, default=0, choices=[0, 90, 270])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--currency", default=None)
    parser.add_argument("--one-way", action="store_true", help="pan from one end to the other only")
    args = parser.parse_args()
    window_w, window_h = (int(v) for v in args.size.split("x"))
    truth = json.load(open(os.path.join(args.dataset, "truth.json")))
    entry = next((i for i in truth["images"] if i["image"] == args.image), None)
    if entry is None:
        sys.exit(f"{args.image} is not in {args.dataset}/truth.json")
    currency = args.currency or truth.get("currency", "USD")
    photo = Image.open(os.path.join(args.dataset, "images", args.image)).convert("L")
    W, H = photo.size
    if args.rotate == 90:
        photo = photo.transpose(Image.Transpose.ROTATE_270)
    elif args.rotate == 270:
        photo = photo.transpose(Image.Transpose.ROTATE_90)
    luma = np.asarray(photo)
    PH, PW = luma.shape
    if window_w > PW or window_h > PH:
        sys.exit(f"the window {window_w}x{window_h} does not fit the photo {PW}x{PH}")
    amounts = [(a["value"], rotated_box(a["box"], W, H, args.rotate)) for a in entry.get("amounts", [])]
    ignored = [rotated_box(a["box"], W, H, args.rotate) for a in entry.get("ignore", [])]
    rng = random.Random(args.seed)
    horizontal = PW - window_w >= PH - window_h
    travel = (PW - window_w) if horizontal else (PH - window_h)
    across = (PH - window_h) if horizontal else (PW - window_w)
    steps = max(1, int(travel / args.speed))
    path = list(range(steps + 1)) + ([] if args.one_way else list(range(steps, -1, -1)))
    phase = rng.uniform(0, 2 * math.pi)
    name = f"{os.path.splitext(args.image)[0]}-{window_w}x{window_h}" + (f"-r{args.rotate}" if args.rotate else "")
    os.makedirs(args.out, exist_ok=True)
    frames = []
    with open(os.path.join(args.out, name + ".y4m"), "wb") as out:
        out.write(f"YUV4MPEG2 W{window_w} H{window_h} F{args.fps}:1 Ip A1:1 Cmono\n".encode())
        for index, step in enumerate(path):
            along = min(travel, step * args.speed)
            sway = (across / 2) + (across / 2 - 1) * 0.6 * math.sin(phase + index / 40) if across > 2 else 0
            sway += rng.uniform(-1.5, 1.5)
            sway = min(max(0, sway), across)
            x0, y0 = (along, sway) if horizontal else (sway, along)
            ix, iy = int(round(x0)), int(round(y0))
            out.write(b"FRAME\n")
            out.write(np.ascontiguousarray(luma[iy:iy + window_h, ix:ix + window_w]).tobytes())
            prices, cut = [], []
            for value, (bx, by, bw, bh) in amounts:
                fx, fy = bx - ix, by - iy
                item = {"id": f"{value}@{bx},{by}", "text": value, "amount": value, "currency": currency,
                        "box": {"x": fx, "y": fy, "width": bw, "height": bh}}
                if fx >= 0 and fy >= 0 and fx + bw <= window_w and fy + bh <= window_h:
                    prices.append(item)
                elif fx + bw > 0 and fy + bh > 0 and fx < window_w and fy < window_h:
                    cut.append(item)
            for (bx, by, bw, bh) in ignored:
                fx, fy = bx - ix, by - iy
                if fx + bw > 0 and fy + bh > 0 and fx < window_w and fy < window_h:
                    cut.append({"id": f"ignored@{bx},{by}", "text": "?", "amount": "-1", "currency": currency,
                                "box": {"x": fx, "y": fy, "width": bw, "height": bh}})
            frames.append({"index": index, "prices": prices, "cut": cut})
    json.dump({"name": name, "width": window_w, "height": window_h, "fps": args.fps, "scoring": "labelled",
               "box_growth": 0.15, "frames": frames},
              open(os.path.join(args.out, name + ".truth.json"), "w"))
    print(os.path.join(args.out, name + ".y4m"), len(frames), "frames")


if __name__ == "__main__":
    main()
