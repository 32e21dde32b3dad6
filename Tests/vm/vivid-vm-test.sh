#!/usr/bin/env bash
# Real-driver test: the unmodified lensd binary captures from Linux's vivid virtual camera inside a
# QEMU VM (software emulation, TCG). The guest shares the host's root read-only over 9p and runs
# Tests/vm/guest-test.sh there; this script then checks, on the host:
#   - frames fed into vivid's output node come out of `lensd record` bit-identical,
#   - a price frame fed through vivid gives the same OVERLAYS prices as replaying that frame on the host,
#   - vivid's Disconnect control makes `lensd run` report DEVICE inactive without exiting, and once
#     the last user closes the device vivid registers it again and lensd reconnects (DEVICE active
#     again, same size).
# Usage: Tests/vm/vivid-vm-test.sh PATH/TO/lensd
# Needs the Debian packages qemu-system-x86 busybox-static cpio kmod v4l-utils; the kernel is the
# Debian linux-image package fetched with `apt-get download` (cached in $LENSD_VM_CACHE).
# LENSD_VM_GUEST runs another guest script (for debugging the VM).
# Outputs go to $LENSD_VM_WORK, kept; without it to a new directory under $TMPDIR, removed unless a check fails.
# Where the VM cannot run it prints "VM TEST SKIPPED: <reason>" and exits 0; a failed check exits 1.
set -euo pipefail
export PATH=$PATH:/usr/sbin:/sbin

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
started=$(date +%s.%N)

skip() { echo "VM TEST SKIPPED: $*"; exit 0; }
# slice FILE OFFSET COUNT: COUNT bytes of FILE from byte OFFSET.
slice() { dd if="$1" iflag=skip_bytes,count_bytes skip="$2" count="$3" bs=65536 status=none; }
failures=0
check() {
    local what=$1; shift
    if "$@"; then echo "  ok    $what"; else echo "  FAIL  $what"; failures=$((failures + 1)); fi
}

[ $# -eq 1 ] || { echo "usage: $0 PATH/TO/lensd" >&2; exit 2; }
lensd=$(realpath "$1")
[ -x "$lensd" ] || { echo "$lensd is not an executable" >&2; exit 2; }

. "$here/vm-setup.sh"
vm_check_tools v4l2-ctl

if [ -n "${LENSD_VM_WORK:-}" ]; then
    work=$LENSD_VM_WORK
else
    # A work directory of its own (17 MB) is removed when the test passes or skips; a failure, or a
    # skip that points at the VM's console, keeps it.
    work=$(mktemp -d "${TMPDIR:-/tmp}/lensd-vm.XXXXXX")
    trap 'status=$?; [ "$status" -eq 0 ] && [ -z "${keep_work:-}" ] && rm -rf "$work"; exit "$status"' EXIT
fi
cache=${LENSD_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lensd-vm}
mkdir -p "$work" "$cache"
echo "== vivid VM test: work $work, cache $cache"

# Kernel: the image the linux-image-amd64 metapackage points at, unpacked, with its modules.dep.
vm_kernel "$cache"

# Initramfs: static busybox, the modules vivid and 9p need (with their dependencies), /init.
initramfs=$work/initramfs
vm_initramfs "$initramfs" virtio_pci 9pnet_virtio 9p vivid

# Inputs live in the results share too, so the guest sees everything in one place.
results=$work/results input=$work/results/input
rm -rf "$results" && mkdir -p "$input"
sed -e "s|@OUT@|$results|g" -e "s|@GUEST@|${LENSD_VM_GUEST:-$here/guest-test.sh}|g" -e "s|@LENSD@|$lensd|g" -e "s|@INPUT@|$input|g" \
    "$here/init.sh" > "$initramfs/init"
vm_pack "$initramfs" "$work/initramfs.gz"

# Inputs: 4 random 640x480 GREY frames, the luma of shelf-pan's fourth frame (four prices, none
# near the frame's edge, so a single frame reads them), a flat frame. shelf-pan is 4:2:0: a frame
# is "FRAME\n" and 1.5 bytes a pixel.
frame_bytes=$((640 * 480))
head -c $((4 * frame_bytes)) /dev/urandom > "$input/frames.gray"
pan=$repo/samples/shelf-pan.y4m
pan_header=$(head -n 1 "$pan" | wc -c)
slice "$pan" $((pan_header + 3 * (6 + frame_bytes * 3 / 2) + 6)) "$frame_bytes" > "$input/price.gray"
head -c "$frame_bytes" /dev/zero | tr '\0' '\200' > "$input/flat.gray"

echo "== booting the VM (TCG)"
vm_boot
grep -q "LENSD-VM: guest test exited" "$work/console.log" || { tail -n 40 "$work/console.log"; echo "VM TEST FAILED: guest test did not finish (qemu status $qemu_status)"; exit 1; }
sed 's/^/  guest: /' "$results/guest.log"

echo "== checks"
# 1. Bit-identical frames.
fed_hashes=$(for index in 0 1 2 3; do
    slice "$input/frames.gray" $((index * frame_bytes)) "$frame_bytes" | sha256sum | cut -d' ' -f1
done)
loop_identical() {
    local file=$results/loop.y4m
    [ -s "$file" ] || return 1
    local header; header=$(head -n 1 "$file")
    [[ $header == "YUV4MPEG2 W640 H480 "*"Cmono"* ]] || { echo "    header: $header"; return 1; }
    local header_bytes=$(( ${#header} + 1 )) size; size=$(stat -c %s "$file")
    local count=$(( (size - header_bytes) / (frame_bytes + 6) )) index matched=0
    [ "$count" -ge 20 ] || { echo "    only $count frames"; return 1; }
    for ((index = 0; index < count; index++)); do
        local hash; hash=$(slice "$file" $((header_bytes + index * (frame_bytes + 6) + 6)) "$frame_bytes" | sha256sum | cut -d' ' -f1)
        grep -q "$hash" <<< "$fed_hashes" && matched=$((matched + 1))
    done
    echo "    $matched of $count captured frames equal a fed frame"
    [ "$matched" -eq "$count" ]
}
check "lensd record: frames fed to vivid come out bit-identical" loop_identical

# 2. The price frame: same prices as replaying it on the host. One frame is read whole on both
#    sides (--schedule every-frame): a live run's OCR scheduler would read it after its only
#    frame is gone.
# prices FILE: the texts and amounts (read and converted) of the first OVERLAYS line with prices,
# sorted (JSON key order is not fixed).
prices() { grep '"class":"OVERLAYS"' "$1" | grep -m 1 '"amount"' | grep -o '"\(text\|amount\)":"[^"]*"' | sort; }
{ printf 'YUV4MPEG2 W640 H480 F30:1 Ip A1:1 Cmono\nFRAME\n'; cat "$input/price.gray"; } > "$work/price.y4m"
"$lensd" replay --fast --include-tentative --workers 1 --schedule every-frame "$work/price.y4m" > "$work/price-host.ndjson" 2>/dev/null || true
price_overlays_match() {
    local vm host; vm=$(prices "$results/price.ndjson"); host=$(prices "$work/price-host.ndjson")
    echo "    camera: $(echo $vm)"; echo "    host replay: $(echo $host)"
    [ -n "$vm" ] && [ "$vm" = "$host" ]
}
check "lensd run: a price frame through vivid gives the host replay's OVERLAYS prices" price_overlays_match
# device_lines FILE STATE: the DEVICE lines of FILE in STATE (JSON key order is not fixed).
device_lines() { grep '"class":"DEVICE"' "$1" | grep '"source":"v4l2"' | grep "\"state\":\"$2\"" || true; }
active_640x480() { device_lines "$results/price.ndjson" active | grep '"width":640' | grep -q '"height":480'; }
check "lensd run: DEVICE active from source v4l2 with the negotiated size" active_640x480
zoom_and_torch() { device_lines "$results/price.ndjson" active | grep '"zoom":{' | grep -q '"torch":{"available":'; }
check "lensd run: DEVICE active reports zoom {level,min,max,kind} and torch {available,on}" zoom_and_torch

# 3. Disconnect: inactive without exiting, reconnection with the same size, clean stop.
states() { grep '"class":"DEVICE"' "$results/disconnect.ndjson" | grep -o '"state":"[a-z]*"' | cut -d'"' -f4 | tr '\n' ' '; }
sizes() {
    device_lines "$results/disconnect.ndjson" active | while read -r line; do
        echo "$(grep -o '"width":[0-9]*' <<< "$line") $(grep -o '"height":[0-9]*' <<< "$line")"
    done | sort -u
}
echo "    DEVICE states: $(states)"
check "vivid Disconnect: lensd reports inactive" grep -q '"state":"inactive"' "$results/disconnect.ndjson"
check "vivid Disconnect: lensd keeps running" test -f "$results/disconnect.alive"
check "vivid back (last user closed): lensd reconnects (active, inactive, active)" \
    bash -c "[[ '$(states)' == 'active inactive active '* ]]"
echo "    sizes when active: $(sizes | tr '\n' ' ')"
check "reconnection negotiates the same size" test "$(sizes | wc -l)" -eq 1
check "digital zoom 4 crops OVERLAYS frames to 160x120" \
    bash -c "grep '\"class\":\"OVERLAYS\"' '$results/disconnect.ndjson' | head -n 1 | grep '\"width\":160' | grep -q '\"height\":120'"
check "SIGTERM ends lensd run cleanly with STATS" bash -c "[ \"\$(cat '$results/disconnect.rc')\" = 0 ] && tail -n 1 '$results/disconnect.ndjson' | grep -q '\"class\":\"STATS\"'"

echo "== figures (inside the TCG VM: CPU costs are inflated many times over native)"
for file in "$results"/loop.err "$results"/cost-*.err; do
    [ -f "$file" ] && grep -h "recorded" "$file" | sed "s|^|  $(basename "$file" .err): |"
done
total=$(awk -v now="$(date +%s.%N)" -v then="$started" 'BEGIN { print now - then }')
printf '== VM test wall time %.1f s (VM run %.1f s)\n' "$total" "$vm_seconds"
if [ "$failures" -gt 0 ]; then
    echo "VM TEST FAILED: $failures check(s); outputs in $results, console in $work/console.log"
    exit 1
fi
echo "VM TEST PASSED"
