#!/usr/bin/env python3
"""Helpers for bench/compare.sh: cut a sequence to its first frames, extract frames for the
Tesseract CLI baseline, and score the CLI's text output against the sequence's ground truth.

  sequence_tool.py head SEQUENCE N OUT          first N frames (+ truth) of a .y4m or frame directory
  sequence_tool.py frames SEQUENCE N OUTDIR     first N frames as OUTDIR/frame-NNNN.pgm (luma) or images
  sequence_tool.py text-recall TRUTH OUTDIR N   share of true prices whose text the CLI printed

Standard library only. A .y4m's luma (Y) plane is written as binary PGM; a directory's image
files are linked as they are (Tesseract reads PNG/JPEG itself).
"""
import json
import os
import re
import sys

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".pnm", ".pgm", ".ppm", ".tif", ".tiff")


def natural_key(name):
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def y4m_frames(path):
    """Yields (header line, frame header line, frame bytes, width, height) for each frame."""
    with open(path, "rb") as f:
        header = f.readline()
        if not header.startswith(b"YUV4MPEG2"):
            sys.exit("%s: not a YUV4MPEG2 file" % path)
        tags = {t[:1]: t[1:] for t in header.split()[1:]}
        width, height = int(tags[b"W"]), int(tags[b"H"])
        colour = tags.get(b"C", b"420").decode()
        cw, ch = (width + 1) // 2, (height + 1) // 2
        if colour.startswith("mono"):
            chroma = 0
        elif colour.startswith("444"):
            chroma = 2 * width * height
        elif colour.startswith("422"):
            chroma = 2 * cw * height
        else:
            chroma = 2 * cw * ch
        size = width * height + chroma
        while True:
            frame_header = f.readline()
            if not frame_header:
                return
            data = f.read(size)
            if len(data) < size:
                return
            yield header, frame_header, data, width, height


def truth_path(sequence):
    if os.path.isdir(sequence):
        return os.path.join(sequence, "truth.json")
    return sequence[:-4] + ".truth.json" if sequence.endswith(".y4m") else None


def image_files(directory):
    return sorted((n for n in os.listdir(directory) if n.lower().endswith(IMAGE_SUFFIXES)), key=natural_key)


def head(sequence, count, out):
    truth = truth_path(sequence)
    if sequence.endswith(".y4m"):
        with open(out, "wb") as f:
            for index, (header, frame_header, data, _, _) in enumerate(y4m_frames(sequence)):
                if index >= count:
                    break
                if index == 0:
                    f.write(header)
                f.write(frame_header)
                f.write(data)
        out_truth = out[:-4] + ".truth.json"
    else:
        os.makedirs(out, exist_ok=True)
        for name in image_files(sequence)[:count]:
            os.symlink(os.path.abspath(os.path.join(sequence, name)), os.path.join(out, name))
        out_truth = os.path.join(out, "truth.json")
    if truth and os.path.exists(truth):
        with open(truth) as f:
            data = json.load(f)
        data["frames"] = [frame for frame in data.get("frames", []) if frame["index"] < count]
        with open(out_truth, "w") as f:
            json.dump(data, f)


def frames(sequence, count, out):
    os.makedirs(out, exist_ok=True)
    if sequence.endswith(".y4m"):
        for index, (_, _, data, width, height) in enumerate(y4m_frames(sequence)):
            if index >= count:
                break
            with open(os.path.join(out, "frame-%04d.pgm" % index), "wb") as f:
                f.write(b"P5\n%d %d\n255\n" % (width, height))
                f.write(data[: width * height])
    else:
        for index, name in enumerate(image_files(sequence)[:count]):
            suffix = os.path.splitext(name)[1]
            os.symlink(os.path.abspath(os.path.join(sequence, name)), os.path.join(out, "frame-%04d%s" % (index, suffix)))


def normalise(text):
    return re.sub(r"\s+", "", text)


def text_recall(truth, out, count):
    with open(truth) as f:
        data = json.load(f)
    found = total = 0
    for frame in data.get("frames", []):
        if frame["index"] >= count:
            continue
        path = os.path.join(out, "frame-%04d.txt" % frame["index"])
        text = normalise(open(path, errors="replace").read()) if os.path.exists(path) else ""
        for price in frame["prices"]:
            total += 1
            found += normalise(price["text"]) in text
    print("%.3f" % (found / total) if total else "nan")


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("head", "frames", "text-recall") or len(sys.argv) != 5:
        sys.exit(__doc__)
    command = sys.argv[1]
    if command == "head":
        head(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif command == "frames":
        frames(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        text_recall(sys.argv[2], sys.argv[3], int(sys.argv[4]))


if __name__ == "__main__":
    main()
