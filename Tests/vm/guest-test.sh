#!/bin/bash
# Runs inside the test VM (chroot into the host's root, read-only but for RESULTS_DIR; vivid loaded with a capture node and an
# output node in loop-video mode). Drives the unmodified lensd binary and leaves its outputs in the
# results directory for vivid-vm-test.sh to check on the host.
# Usage: guest-test.sh RESULTS_DIR LENSD INPUT_DIR
set -u
results=$1 lensd=$2 input=$3
mkdir -p "$results/home"
export HOME=$results/home TMPDIR=$results/home PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
capture=/dev/video0 output=/dev/video1
feeder=

log() { echo "[guest $(cut -d' ' -f1 /proc/uptime)s] $*"; }

# HDMI input/output with 640x480p60 timings, GREY frames looped from output to capture, no OSD text.
loop_video() {
    v4l2-ctl -d "$capture" -i 3 >/dev/null &&
    v4l2-ctl -d "$output" -o 1 >/dev/null &&
    v4l2-ctl -d "$capture" --set-dv-bt-timings index=0 >/dev/null &&
    v4l2-ctl -d "$output" --set-dv-bt-timings index=0 >/dev/null &&
    v4l2-ctl -d "$output" -x width=640,height=480,pixelformat=GREY &&
    v4l2-ctl -d "$capture" -c loop_video=1 -c osd_text_mode=2
}

feed() {
    stop_feed
    v4l2-ctl -d "$output" --stream-out-mmap --stream-from="$1" --stream-loop >/dev/null 2>&1 &
    feeder=$!
    sleep 1
}

stop_feed() {
    if [ -n "$feeder" ]; then kill "$feeder" 2>/dev/null; wait "$feeder" 2>/dev/null; feeder=; fi
}

# wait_for FILE PATTERN COUNT SECONDS: until PATTERN occurs COUNT times in FILE.
wait_for() {
    local deadline=$(( $(date +%s) + $4 ))
    while [ "$(grep -c -- "$2" "$1" 2>/dev/null || true)" -lt "$3" ]; do
        [ "$(date +%s)" -ge "$deadline" ] && return 1
        sleep 0.2
    done
}

log "devices: $(v4l2-ctl --list-devices 2>&1 | tr '\n' ' ')"
loop_video || log "loop video setup failed"
"$lensd" devices --json > "$results/devices.json" 2> "$results/devices.err"
"$lensd" devices > "$results/devices.txt" 2>&1

log "bit-identical capture"
feed "$input/frames.gray"
"$lensd" record --device "$capture" --size 640x480 --fps 60 --frames 24 "$results/loop.y4m" 2> "$results/loop.err"
echo $? > "$results/loop.rc"

log "price frame through lensd run"
feed "$input/price.gray"
"$lensd" run --device "$capture" --size 640x480 --frames 1 --workers 1 --include-tentative --schedule every-frame \
    > "$results/price.ndjson" 2> "$results/price.err"
echo $? > "$results/price.rc"

log "disconnect and reconnect"
feed "$input/flat.gray"
# Digital zoom 4 (vivid has no zoom control) crops to 160x120: cheap OCR under emulation.
"$lensd" run --device "$capture" --size 640x480 --zoom 4 --workers 1 --queue-capacity 1 \
    > "$results/disconnect.ndjson" 2> "$results/disconnect.err" &
lensd_pid=$!
if wait_for "$results/disconnect.ndjson" '"state":"active"' 1 120; then
    v4l2-ctl -d "$capture" -c disconnect=1
    wait_for "$results/disconnect.ndjson" '"state":"inactive"' 1 30 || log "no inactive state reported"
    sleep 2
    kill -0 "$lensd_pid" 2>/dev/null && echo alive > "$results/disconnect.alive"
    # vivid registers the device again once its last user (lensd tore down; the feeder) closes it.
    stop_feed
    wait_for "$results/disconnect.ndjson" '"state":"active"' 2 60 || log "no reconnection reported"
else
    log "lensd run never reported active"
fi
kill -TERM "$lensd_pid" 2>/dev/null
wait "$lensd_pid"
echo $? > "$results/disconnect.rc"

log "capture cost at 640x480 and 1280x720 (vivid webcam input, TCG: slow)"
v4l2-ctl -d "$capture" -i 0 >/dev/null
for size in 640x480 1280x720; do
    "$lensd" record --device "$capture" --size "$size" --fps 30 --frames 60 /dev/null 2> "$results/cost-$size.err"
done
log "done"
