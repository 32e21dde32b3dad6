#!/usr/bin/env bash
# Scores `lensd scan` on the real dev photos in ../shared/datasets (shelf tags, SROIE receipts,
# German receipt totals) with `lensd eval --stills`, and times each set.
#
#   bench/stills.sh [LENSD] [OUT_DIR] [-- extra scan options]
#
# LENSD defaults to the release build; OUT_DIR (default bench/out/stills) receives each set's
# NDJSON and score. Sets that are not on this machine are skipped with a message.
set -euo pipefail
cd "$(dirname "$0")/.."
lensd=${1:-.build/release/lensd}
out=${2:-bench/out/stills}
shift $(( $# > 2 ? 2 : $# ))
[[ ${1:-} == -- ]] && shift
data=${LENSD_DATASETS:-../shared/datasets}
mkdir -p "$out"

run() {
    local name=$1 truth=$2 source=$3; shift 3
    if [[ ! -f $truth ]]; then echo "$name: $truth not found, skipped"; return; fi
    local images=("$(dirname "$truth")"/images/*.jpg)
    [[ -e ${images[0]} ]] || images=("$(dirname "$truth")"/*.jpg)
    local began=$(date +%s.%N)
    "$lensd" scan --json --source "$source" "$@" "${images[@]}" > "$out/$name.ndjson"
    local seconds=$(echo "$(date +%s.%N) - $began" | bc)
    "$lensd" eval --stills "$truth" "$out/$name.ndjson" > "$out/$name.score"
    printf '%s (%d images, %.0f s):\n' "$name" "${#images[@]}" "$seconds"
    sed 's/^/  /' "$out/$name.score"
}

run shelf-jp-dev "$data/shelf-jp-dev/truth.json" JPY --bare-numbers "$@"
run sroie-dev "$data/sroie-dev/truth.json" MYR "$@"
run receipts-de "$data/receipts-de/truth.csv" EUR "$@"
