#!/bin/sh
# Price recall, precision and F1 per generated condition: one sequence per condition (and a `clean`
# baseline), replayed with `lensd replay --fast`, scored with `lensd eval --by-condition`.
#
# Usage: bench/conditions.sh LENSD [LABEL] [-- EXTRA LENSD ARGS...]   (from the repository root)
#   SEED=11 FRAMES=40 CONDITIONS="clean lowlight ..." WORKERS=2 bench/conditions.sh .build-reading/release/lensd after
#   bench/conditions.sh .build-reading/release/lensd lag0 -- --read-lag 0   (each frame shows its own reads)
# Sequences are generated on demand (samples/generate.py, fixed seed, 640x480, hand-held motion) into
# bench/out/conditions-seedSEED/CONDITION/ and reused; lensd's output goes to CONDITION.LABEL.ndjson
# next to them and the process's user CPU seconds to CONDITION.LABEL.cpu. Change SEED to check that
# a change generalises beyond the sequences it was tuned on. Needs python3 with numpy and Pillow.
set -eu
lensd=$1
label=${2:-lensd}
shift
[ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift
seed=${SEED:-11}
frames=${FRAMES:-40}
workers=${WORKERS:-2}
conditions=${CONDITIONS:-"clean lowlight glare inverted small-text tilt blur noisy receipt"}
out=bench/out/conditions-seed$seed
mkdir -p "$out"

pairs=""
for condition in $conditions; do
    dir=$out/$condition
    if [ ! -f "$dir/truth.json" ]; then
        if [ "$condition" = clean ]; then extra=""; else extra="--condition $condition"; fi
        # shellcheck disable=SC2086
        python3 samples/generate.py --name "$condition" --size 640x480 --frames "$frames" --motion handheld \
            --seed "$seed" --format jpeg-dir --out "$out" $extra
    fi
    /usr/bin/time -f %U -o "$out/$condition.$label.cpu" \
        "$lensd" replay --fast --workers "$workers" --control none "$@" "$dir" > "$out/$condition.$label.ndjson"
    pairs="$pairs $dir/truth.json $out/$condition.$label.ndjson"
done
# shellcheck disable=SC2086
"$lensd" eval --by-condition --settle-frames 2 $pairs
for condition in $conditions; do
    printf '%-12s user CPU %s s\n' "$condition" "$(cat "$out/$condition.$label.cpu")"
done
