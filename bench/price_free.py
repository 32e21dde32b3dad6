#!/usr/bin/env python3
"""Counts false prices on price-free scenes: 640x480 windows of the dev shelf photos that hold no
labelled or ignored price (40 pixels clear around each), scanned by `lensd scan --json`.

usage: bench/price_free.py [LENSD] [OUT_DIR] [-- extra scan options]
       (defaults: .build/release/lensd, bench/out/price-free; the photos in ../shared/datasets)
Needs Pillow.
"""
import json
import os
import subprocess
import sys

from PIL import Image


def main():
    args = sys.argv[1:]
    extra = args[args.index("--") + 1:] if "--" in args else []
    args = args[:args.index("--")] if "--" in args else args
    lensd = args[0] if args else ".build/release/lensd"
    out = args[1] if len(args) > 1 else "bench/out/price-free"
    data = os.environ.get("LENSD_DATASETS", "../shared/datasets")
    truth = json.load(open(f"{data}/shelf-jp-dev/truth.json"))
    os.makedirs(out, exist_ok=True)
    paths = []
    for image in truth["images"]:
        photo = Image.open(f"{data}/shelf-jp-dev/images/{image['image']}").convert("L")
        boxes = [a["box"] for a in image["amounts"]] + [a["box"] for a in image.get("ignore", []) if isinstance(a, dict)]
        for y in range(0, image["height"] - 480 + 1, 120):
            for x in range(0, image["width"] - 640 + 1, 160):
                if any(bx < x + 680 and bx + bw > x - 40 and by < y + 520 and by + bh > y - 40 for bx, by, bw, bh in boxes):
                    continue
                path = os.path.join(out, f"{image['image'][:-4]}-{x}-{y}.png")
                photo.crop((x, y, x + 640, y + 480)).save(path)
                paths.append(path)
    scan = subprocess.run([lensd, "scan", "--json", *extra, *paths], capture_output=True, text=True, check=True)
    found = []
    for line in scan.stdout.splitlines():
        found += [price["text"] for price in json.loads(line).get("prices", [])]
    print(f"{len(paths)} price-free frames, {len(found)} false prices, {len(found) / max(1, len(paths)):.3f} a frame: {found[:20]}")


if __name__ == "__main__":
    main()
