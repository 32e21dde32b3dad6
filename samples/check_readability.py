#!/usr/bin/env python3
"""Readability check: run the tesseract CLI (PSM 11, eng) on frames/stills of a
sample and count how many truth prices are read.

  python3 samples/check_readability.py samples/shelf-handheld [--every 5]
  python3 samples/check_readability.py samples/shelf-pan.truth.json   (y4m: needs samples/shelf-pan.y4m)
  python3 samples/check_readability.py samples/stills

A price counts as "digits read" when its digit string (e.g. "1299" for
"1 299 Kc") equals a number on one OCR output line (see numbers()), and as "text read"
when its text with spaces removed occurs in an output line with spaces removed.
Also prints what tesseract produced around each read price (symbol stats).
Needs: numpy, Pillow, tesseract on PATH.  Not used by the generator.
"""
import argparse, collections, json, os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
import numpy as np
from PIL import Image


def y4m_frames(path):
    with open(path, "rb") as f:
        header = f.readline().decode().split()
        w = int([h for h in header if h.startswith("W")][0][1:])
        h = int([x for x in header if x.startswith("H")][0][1:])
        mono = "Cmono" in header
        csize = 0 if mono else (w // 2) * (h // 2)
        while True:
            line = f.readline()
            if not line:
                return
            y = np.frombuffer(f.read(w * h), np.uint8).reshape(h, w)
            f.read(2 * csize)
            yield Image.fromarray(y, "L")


def numbers(line):
    """Digit strings of the numbers on an OCR line.  A number is a run of digits
    joined by '.', ',' or single spaces (so '1 299', '1.299,00' and '12, 99' count),
    and every contiguous run of its space-separated parts is a candidate
    ('11.00 113.50' -> {'1100', '11350', '110011350'})."""
    out = set()
    for m in re.finditer(r"\d(?:[\d.,]|\s(?=[\d.,]))*", line):
        parts = [re.sub(r"\D", "", p) for p in m.group().split()]
        parts = [p for p in parts if p]
        for i in range(len(parts)):
            for j in range(i + 1, len(parts) + 1):
                out.add("".join(parts[i:j]))
    return out


def ocr(img_path, gray=False, tmp=None):
    if gray:
        # what the daemon sees from a YUV camera: the luma plane only
        g = os.path.join(tmp, "g-" + os.path.basename(img_path) + ".png")
        Image.open(img_path).convert("L").save(g)
        img_path = g
    r = subprocess.run(["tesseract", img_path, "-", "--psm", "11", "-l", "eng"],
                       capture_output=True, text=True)
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path", help="sequence dir, stills dir, or NAME.truth.json of a y4m")
    ap.add_argument("--every", type=int, default=1, help="check every Nth frame")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", action="store_true", help="list misses")
    ap.add_argument("--gray", action="store_true",
                    help="OCR the luma (grayscale) version of each image, like the daemon does with a YUV camera; "
                         "default: the file as stored (colour)")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="lensd-check-")
    if a.path.endswith(".truth.json"):
        truth = json.load(open(a.path))
        items = truth["frames"]
        y4m = a.path[: -len(".truth.json")] + ".y4m"
        paths = []
        for i, im in enumerate(y4m_frames(y4m)):
            p = os.path.join(tmp, "f%04d.png" % i)
            im.save(p)
            paths.append(p)
    else:
        truth = json.load(open(os.path.join(a.path, "truth.json")))
        items = truth.get("frames") or truth.get("images")
        paths = [os.path.join(a.path, it["file"]) for it in items]
    sel = list(range(0, len(items), a.every))
    with ThreadPoolExecutor(a.jobs) as ex:
        outs = dict(zip(sel, ex.map(lambda p: ocr(p, a.gray, tmp), [paths[i] for i in sel])))
    n = dig = txt = 0
    per_cur = collections.defaultdict(lambda: [0, 0, 0])
    sym = collections.defaultdict(collections.Counter)
    misses = []
    per_img = []
    for i in sel:
        n0, d0 = n, dig
        lines = [l for l in outs[i].splitlines() if l.strip()]
        dl = [numbers(l) for l in lines]
        sl = [re.sub(r"\s", "", l) for l in lines]
        for p in items[i]["prices"]:
            n += 1
            pc = per_cur[p["currency"]]
            pc[0] += 1
            d = re.sub(r"\D", "", p["text"])
            hit = [k for k, x in enumerate(dl) if d in x]  # x: set of numbers on that line
            if hit:
                dig += 1
                pc[1] += 1
                sym[p["currency"]][lines[hit[0]].strip()[:24]] += 0  # keep key
                t = re.sub(r"\s", "", p["text"])
                if any(t in x for x in sl):
                    txt += 1
                    pc[2] += 1
                else:
                    sym[p["currency"]]["%s -> %s" % (p["text"], lines[hit[0]].strip())] += 1
            else:
                misses.append((i, p["text"], p["box"]["height"]))
        per_img.append((items[i].get("file") or "frame %d" % i, n - n0, dig - d0))
    print("%s%s: %d images checked, %d truth prices, digits read %d (%.0f%%), exact text read %d (%.0f%%)"
          % (a.path, " (gray)" if a.gray else "", len(sel), n, dig, 100.0 * dig / max(1, n), txt, 100.0 * txt / max(1, n)))
    for c, (k, d_, t_) in sorted(per_cur.items()):
        print("  %-4s %3d prices  digits %3d  text %3d" % (c, k, d_, t_))
    print("  text mismatches where digits were read (truth -> OCR line):")
    for c in sorted(sym):
        for k, v in sym[c].most_common(8):
            if v:
                print("    %s x%d  %s" % (c, v, k))
    if a.v or "images" in truth:
        print("  per image (prices, digits read): " + ", ".join("%s %d/%d" % (f, d_, k) for f, k, d_ in per_img))
    if a.v:
        for m in misses:
            print("  miss frame %d %r h=%.1f" % m)


if __name__ == "__main__":
    main()
