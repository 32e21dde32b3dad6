#!/bin/sh
# Compares lensd (default OCR front-end), lensd --ocr full-frame and the Tesseract CLI on the same
# frames, one table per sequence: frames per second, lensd's speed-up over each, recall,
# precision, CPU seconds and peak RSS.
#
# Usage (from the repository root):
#   bench/compare.sh SEQUENCE-NAME|PATH... [--runs N] [--baseline-frames N]
#     SEQUENCE-NAME  a `lensd bench --generate` name (slow-pan-640, …), made on first use
#     PATH           a .y4m file or a directory of frames (ground truth next to it is scored)
#     --runs N       rounds; each runs lensd, lensd --ocr full-frame and the CLI once, one
#                    after the other, so that a machine whose speed drifts slows all three
#                    alike. Figures are medians over the rounds, and each speed-up is the
#                    median of the rounds' own ratios (default 1)
#     --baseline-frames N
#                    run both baselines (full-frame and the CLI) on the first N frames only, a
#                    shortcut (full-frame OCR at 1280x720 costs ~0.7 s a frame): their cost per
#                    frame goes with how much text the frames show, so the first frames can
#                    cost less or more than the sequence's average (the CLI on handheld-640:
#                    0.393 s of CPU a frame on the first 60 frames, 0.447 s on all 300), and
#                    the speed-ups with them. Without it the baselines read every frame
# Environment: LENSD (default: .build/release/lensd if built, else lensd on PATH), WORKERS (2).
#
# The CLI baseline is what a naive integration would do: each frame's luma plane written as a
# PGM and read by `OMP_THREAD_LIMIT=1 tesseract FRAME OUT --psm 11`, WORKERS at a time (xargs -P),
# as lensd uses WORKERS OCR threads. It prints text, not prices: its "recall" is the share of
# true prices whose text appears verbatim (spaces ignored) in the frame's output; it has no
# precision. Needs python3 (standard library), tesseract and /usr/bin/time.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tool="$here/sequence_tool.py"
workers=${WORKERS:-2}
if [ -n "${LENSD:-}" ]; then
    lensd=$LENSD
elif [ -x .build/release/lensd ]; then
    lensd=.build/release/lensd
else
    lensd=lensd
fi

runs=1
baseline_frames=
sequences=
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --baseline-frames) baseline_frames=$2; shift 2 ;;
        -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
        *) sequences="$sequences $1"; shift ;;
    esac
done
if [ -z "$sequences" ]; then
    echo "usage: bench/compare.sh SEQUENCE-NAME|PATH... [--runs N] [--baseline-frames N]" >&2
    exit 2
fi
for tool_name in tesseract python3 /usr/bin/time; do
    command -v "$tool_name" >/dev/null 2>&1 || { echo "compare.sh: $tool_name is needed" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# json FILE EXPRESSION: a value of a lensd bench report (python3: no jq needed).
json() {
    python3 -c '
import json, sys
value = json.load(open(sys.argv[1]))
for key in sys.argv[2].split("."):
    value = value.get(key) if isinstance(value, dict) else None
print("" if value is None else value)
' "$1" "$2"
}

for sequence in $sequences; do
    if [ -e "$sequence" ]; then
        source_args=$sequence
    else
        source_args="--generate $sequence"
    fi
    # The first round's lensd run also makes the sequence on first use and tells its frames.
    # shellcheck disable=SC2086 # source_args is one or two words on purpose
    "$lensd" bench --json --runs 1 --workers "$workers" $source_args > "$work/lensd-1.json"
    path=$(json "$work/lensd-1.json" path)
    truth=$(json "$work/lensd-1.json" truth)
    frames=$(json "$work/lensd-1.json" median.frames_in | cut -d. -f1)

    baseline_path=$path
    baseline_count=$frames
    if [ -n "$baseline_frames" ] && [ "$baseline_frames" -lt "$frames" ]; then
        baseline_count=$baseline_frames
        case $path in
            *.y4m) baseline_path="$work/head.y4m" ;;
            *) baseline_path="$work/head" ;;
        esac
        python3 "$tool" head "$path" "$baseline_count" "$baseline_path"
    fi
    rm -rf "$work/cli"
    python3 "$tool" frames "$path" "$baseline_count" "$work/cli"

    round=1
    while [ "$round" -le "$runs" ]; do
        if [ "$round" -gt 1 ]; then
            "$lensd" bench --json --runs 1 --workers "$workers" "$path" > "$work/lensd-$round.json"
        fi
        "$lensd" bench --json --runs 1 --workers "$workers" "$baseline_path" -- --ocr full-frame > "$work/full-$round.json"
        (
            cd "$work/cli"
            rm -f ./*.txt
            start=$(date +%s.%N)
            ls | grep -v '\.txt$' | OMP_THREAD_LIMIT=1 /usr/bin/time -f '%U %S %M' -o "../cli-$round.time" \
                xargs -P "$workers" -I{} sh -c 'tesseract "$1" "${1%.*}" --psm 11 >/dev/null 2>&1' _ {}
            end=$(date +%s.%N)
            echo "$start $end" > "../cli-$round.wall"
        )
        round=$((round + 1))
    done
    cli_recall=nan
    if [ -n "$truth" ]; then
        cli_recall=$(python3 "$tool" text-recall "$truth" "$work/cli" "$baseline_count")
    fi

    python3 - "$sequence" "$frames" "$baseline_count" "$work" "$cli_recall" "$runs" <<'PY'
import json, statistics, sys
name, frames, baseline, work, cli_recall, runs = sys.argv[1:]
frames, baseline, runs = int(frames), int(baseline), int(runs)

def cli_round(index):
    user, system, max_kb = open("%s/cli-%d.time" % (work, index)).read().split()[-3:]
    start, end = map(float, open("%s/cli-%d.wall" % (work, index)).read().split())
    return {"fps_out": baseline / (end - start) if end > start else float("nan"), "recall": float(cli_recall),
            "precision": None, "cpu_s": float(user) + float(system), "peak_rss_bytes": int(max_kb) * 1024}

rounds = [{"lensd": json.load(open("%s/lensd-%d.json" % (work, index)))["median"],
           "full": json.load(open("%s/full-%d.json" % (work, index)))["median"],
           "cli": cli_round(index)} for index in range(1, runs + 1)]

def median(kind, key):
    values = [r[kind].get(key) for r in rounds if r[kind].get(key) is not None]
    return statistics.median(values) if values else None

def ratio(kind):
    values = [r["lensd"]["fps_out"] / r[kind]["fps_out"] for r in rounds if r[kind]["fps_out"]]
    return statistics.median(values) if values else float("nan")

def cell(value, digits=3):
    return "–" if value is None or value != value else "%.*f" % (digits, value)

note = "" if baseline == frames else "; baselines on the first %d frames only, which may cost less or more a frame than the rest" % baseline
print("== %s: %d frames, median of %d round(s), each running all three%s ==" % (name, frames, runs, note))
print("%-24s %9s %10s %8s %10s %9s %13s %9s" % (
    "", "fps", "lensd is", "recall", "precision", "cpu_s", "cpu_ms/frame", "rss_MiB"))
for label, kind, count in (("lensd", "lensd", frames), ("lensd --ocr full-frame", "full", baseline),
                           ("tesseract CLI --psm 11", "cli", baseline)):
    cpu = median(kind, "cpu_s")
    rss = median(kind, "peak_rss_bytes")
    print("%-24s %9s %10s %8s %10s %9s %13s %9s" % (
        label, cell(median(kind, "fps_out"), 2), "–" if kind == "lensd" else cell(ratio(kind), 1) + "x",
        cell(median(kind, "recall")), cell(median(kind, "precision")), cell(cpu, 2),
        cell(cpu * 1000 / count if cpu is not None and count else None, 1),
        cell(rss / 1048576 if rss else None, 1)))
print("cpu_s covers %d frames for lensd and %d for the baselines; the CLI's recall is text found, not prices parsed;"
      % (frames, baseline))
print("each speed-up is the median of the rounds' own ratios (lensd and its baselines run one after the other)")
print()
PY
done
