#!/usr/bin/env python3
"""Renders `Coffee $12.49` on an 800x300 still at each size from 12 to 130 pt, dark on light and
light on dark, scans them with `lensd scan --json` and prints, per size and polarity, whether
USD 12.49 was read (and what else was).

usage: bench/sizes.py [LENSD] [OUT_DIR]   (defaults: .build/release/lensd, bench/out/sizes)
Needs Pillow and Debian's fonts-dejavu.
"""
import json
import os
import subprocess
import sys

from PIL import Image, ImageDraw, ImageFont

SIZES = [12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 48, 56, 64, 72, 80, 90, 100, 110, 120, 130]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def main():
    lensd = sys.argv[1] if len(sys.argv) > 1 else ".build/release/lensd"
    out = sys.argv[2] if len(sys.argv) > 2 else "bench/out/sizes"
    os.makedirs(out, exist_ok=True)
    paths = []
    for polarity, (ink, paper) in {"dark": (20, 235), "light": (235, 20)}.items():
        for size in SIZES:
            image = Image.new("L", (800, 300), paper)
            draw = ImageDraw.Draw(image)
            # 1 pt at 96 dpi is 4/3 px; the text is centred and may run off a narrow still.
            font = ImageFont.truetype(FONT, round(size * 4 / 3))
            text = "Coffee $12.49"
            left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
            width, height = right - left, bottom - top
            if width > 780:
                text = "$12.49"
                left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
                width, height = right - left, bottom - top
            draw.text(((800 - width) / 2 - left, (300 - height) / 2 - top), text, fill=ink, font=font)
            path = os.path.join(out, f"{polarity}-{size:03d}pt.png")
            image.save(path)
            paths.append(path)
    scan = subprocess.run([lensd, "scan", "--json", "--source", "USD", *paths], capture_output=True, text=True, check=True)
    results = {}
    for line in scan.stdout.splitlines():
        message = json.loads(line)
        results[message.get("image")] = [(p["amount"], p["currency"]) for p in message.get("prices", [])]
    read = 0
    for path in paths:
        prices = results.get(path, [])
        ok = ("12.49", "USD") in prices
        read += ok
        others = [p for p in prices if p != ("12.49", "USD")]
        print(f"{os.path.basename(path):18} {'read' if ok else 'MISSED'}{'  also ' + str(others) if others else ''}")
    print(f"{read} of {len(paths)} stills read USD 12.49")


if __name__ == "__main__":
    main()
