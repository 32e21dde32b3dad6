#!/bin/sh
# Compares lensd's OCR front-ends (--ocr regions and --ocr full-frame) on the bundled samples.
#
# Usage: bench/frontends.sh LENSD [RUNS]   (from the repository root; RUNS defaults to 3)
# Prints one line per run: sample, front-end, recall, precision, F1, fps_out and the process's
# user CPU seconds (less disturbed than wall time when other work shares the CPU). Take medians.
set -eu
lensd=$1
runs=${2:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

score() { # sample mode run truth output cpu
    "$lensd" eval --json "$4" "$5" | python3 -c '
import json, sys
s = json.load(sys.stdin)
stats = [json.loads(l) for l in open(sys.argv[4]) if "\"STATS\"" in l]
fps = stats[-1]["fps_out"] if stats else float("nan")
print("%-15s %-10s run %s  recall %.3f  precision %.3f  F1 %.3f  fps %6.2f  cpu_s %s" % (
    sys.argv[1], sys.argv[2], sys.argv[3], s["recall"], s["precision"], s["f1"], fps, sys.argv[5]))
' "$1" "$2" "$3" "$5" "$6"
}

run=1
while [ "$run" -le "$runs" ]; do
    for mode in regions full-frame; do
        /usr/bin/time -f %U -o "$out/cpu" "$lensd" replay --fast --workers 2 --ocr "$mode" samples/shelf-handheld > "$out/hh.ndjson"
        score shelf-handheld "$mode" "$run" samples/shelf-handheld/truth.json "$out/hh.ndjson" "$(cat "$out/cpu")"
        /usr/bin/time -f %U -o "$out/cpu" "$lensd" replay --fast --workers 2 --ocr "$mode" samples/shelf-pan.y4m > "$out/pan.ndjson"
        score shelf-pan "$mode" "$run" samples/shelf-pan.truth.json "$out/pan.ndjson" "$(cat "$out/cpu")"
        /usr/bin/time -f %U -o "$out/cpu" "$lensd" scan --json --workers 2 --ocr "$mode" samples/stills/*.png samples/stills/*.jpg > "$out/stills.ndjson"
        score stills "$mode" "$run" samples/stills/truth.json "$out/stills.ndjson" "$(cat "$out/cpu")"
    done
    run=$((run + 1))
done
