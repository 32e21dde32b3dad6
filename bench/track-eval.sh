#!/usr/bin/env bash
# Tracking benchmark: generates moving-camera sequences with per-frame truth, replays them through
# lensd and prints `lensd eval --tracking` for each (metric definitions: Sources/Evaluation/TrackScore.swift).
#
# Usage: bench/track-eval.sh                      # after `swift build -c release --scratch-path .build-track-eval`
#        BEFORE=/path/to/old/lensd bench/track-eval.sh   # also replay with another lensd build, one table for both
#
# Environment:
#   LENSD   lensd that replays and scores (default .build-track-eval/release/lensd)
#   BEFORE  optional second lensd (e.g. built with the first tracker); scored by LENSD's `eval --tracking`
#   OUT     where sequences and outputs go (default bench/out, git-ignored); sequences are generated
#           once (the generator is deterministic) and reused
#   WORKERS OCR workers for `lensd replay --fast` (default 2)
#   TABLE_ONLY  set: replay nothing, print the table of the scores already in OUT
#
# Sequences, all 640x480 at 30 fps:
#   shelf-handheld  the committed hand-held sample (60 frames)
#   fast-pan        --motion fast-pan, ~650 px/s (60 frames)
#   out-and-back    --motion out-and-back: one swing of ±0.45 view widths, prices leave and re-enter (90 frames)
#   twins           --scenario twins: two identical tags side by side, hand-held camera (60 frames)
#   occluder        --scenario occluder: a hand-coloured block sweeps over a tag, hand-held camera (60 frames)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
LENSD=${LENSD:-$root/.build-track-eval/release/lensd}
OUT=${OUT:-$root/bench/out}
WORKERS=${WORKERS:-2}
BEFORE=${BEFORE:-}
mkdir -p "$OUT"
[ -x "$LENSD" ] || { echo "track-eval: no lensd at $LENSD (swift build -c release --scratch-path .build-track-eval)" >&2; exit 2; }
[ -z "$BEFORE" ] || [ -x "$BEFORE" ] || { echo "track-eval: no lensd at BEFORE=$BEFORE" >&2; exit 2; }

# name|generator arguments (empty: committed sample)
sequences=(
  "shelf-handheld|"
  "fast-pan|--motion fast-pan --frames 60 --seed 1"
  "out-and-back|--motion out-and-back --frames 90 --seed 2"
  "twins|--motion handheld --scenario twins --frames 60 --seed 4"
  "occluder|--motion handheld --scenario occluder --frames 60 --seed 6"
)

sequence_dir() {
  local name=$1 args=$2
  if [ -z "$args" ]; then echo "$root/samples/$name"; return; fi
  if [ ! -f "$OUT/seq/$name/truth.json" ]; then
    # shellcheck disable=SC2086
    python3 samples/generate.py --name "$name" --size 640x480 --fps 30 $args --format jpeg-dir --out "$OUT/seq" >&2
  fi
  echo "$OUT/seq/$name"
}

labels=(after)
[ -n "$BEFORE" ] && labels=(before after)
for entry in "${sequences[@]}"; do
  [ -n "${TABLE_ONLY:-}" ] && break
  name=${entry%%|*}
  dir=$(sequence_dir "$name" "${entry#*|}")
  for label in "${labels[@]}"; do
    binary=$LENSD
    [ "$label" = before ] && binary=$BEFORE
    "$binary" replay --fast --workers "$WORKERS" "$dir" > "$OUT/$name.$label.ndjson" 2> "$OUT/$name.$label.log"
    "$LENSD" eval --tracking --json "$dir/truth.json" "$OUT/$name.$label.ndjson" > "$OUT/$name.$label.score.json"
    echo "== $name ($label)"
    "$LENSD" eval --tracking "$dir/truth.json" "$OUT/$name.$label.ndjson"
    echo
  done
done

# one table: a row per sequence and build (rows of other builds scored into OUT come first)
python3 - "$OUT" "${labels[@]}" <<'EOF'
import json, os, sys
out, labels = sys.argv[1], sys.argv[2:]
names = ["shelf-handheld", "fast-pan", "out-and-back", "twins", "occluder"]
cols = [("tags found", lambda s: "%d/%d" % (s["tags_found"], s["tags"])), ("matched", lambda s: s["matches"]),
        ("tracks", lambda s: s["tracks"]),
        ("id sw", lambda s: s["id_switches"]), ("frag (tags/extra ids)", lambda s: "%d/%d" % (s["fragmented_tags"], s["fragments"])),
        ("merged", lambda s: s["merges"]), ("false", lambda s: s["false_tracks"]),
        ("centre err mean/p95 px", lambda s: "%.2f/%.2f" % (s["centre_error_mean"], s["centre_error_p95"])),
        ("edge err mean/p95 px", lambda s: "%.2f/%.2f" % (s["edge_error_mean"], s["edge_error_p95"])),
        ("jitter RMS px", lambda s: "%.2f" % s["jitter_rms"]), ("value flips", lambda s: s["value_flips"]),
        ("confirm mean/p95 s", lambda s: "%.2f/%.2f" % (s["confirm_seconds_mean"], s["confirm_seconds_p95"]))]
print("| sequence | build | " + " | ".join(c[0] for c in cols) + " |")
print("|---|---|" + "---|" * len(cols))
# this run's builds, plus any other NAME.LABEL.score.json left in OUT (e.g. a third build scored by hand)
found = sorted({f.split(".")[1] for f in os.listdir(out) if f.endswith(".score.json")} - set(labels))
for name in names:
    for label in found + labels:
        path = os.path.join(out, "%s.%s.score.json" % (name, label))
        if os.path.exists(path):
            s = json.load(open(path))
            print("| %s | %s | " % (name, label) + " | ".join(str(c[1](s)) for c in cols) + " |")
EOF
