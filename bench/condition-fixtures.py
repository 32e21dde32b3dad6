#!/usr/bin/env python3
"""Copies a few frames of each generated condition sequence into the test fixtures.

Usage: bench/condition-fixtures.py SEQUENCES_DIR FIXTURES_DIR [FRAME ...]
SEQUENCES_DIR holds one generated sequence per condition (bench/conditions.sh writes
bench/out/conditions-seedSEED/CONDITION/). For each condition, the chosen frames (default 10 20 30)
are copied to FIXTURES_DIR/CONDITION/ with a truth.json in the stills format (`images`), so that
`lensd scan` output can be scored with `lensd eval` without python in CI.
"""
import json
import os
import shutil
import sys


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    source, target = sys.argv[1], sys.argv[2]
    frames = [int(value) for value in sys.argv[3:]] or [10, 20, 30]
    for condition in sorted(os.listdir(source)):
        truth_path = os.path.join(source, condition, "truth.json")
        if not os.path.isfile(truth_path):
            continue
        with open(truth_path) as handle:
            truth = json.load(handle)
        out = os.path.join(target, condition)
        os.makedirs(out, exist_ok=True)
        images = []
        for frame in truth["frames"]:
            if frame["index"] not in frames:
                continue
            name = "%s-%s" % (condition, frame["file"])
            shutil.copyfile(os.path.join(source, condition, frame["file"]), os.path.join(out, name))
            images.append({"file": name, "width": truth["width"], "height": truth["height"], "prices": frame["prices"],
                           "cut": frame.get("cut", [])})
        with open(os.path.join(out, "truth.json"), "w") as handle:
            json.dump({"name": condition, "images": images}, handle, indent=1, sort_keys=True)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
