#!/usr/bin/env bash
# Service test: systemd boots for real (PID 1 of a QEMU VM, software emulation) from the host's
# root shared read-only over 9p and starts packaging/lensd@.service as lensd@video0 on Linux's vivid
# virtual camera, with the unit's own sandbox; only the binary's path (and a shorter WatchdogSec,
# a longer TimeoutStopSec) differ, in a drop-in. Checks on the host, from what Tests/vm/systemd-guest-check.sh saw inside:
#   - the start job ends with lensd's READY=1 (Type=notify) and STATUS says what the camera does,
#   - a socket client gets the banner, OVERLAYS and a status reply on /run/lensd/video0/lensd.sock,
#   - after more than two watchdog intervals lensd still runs, never restarted (the watchdog is fed),
#   - systemctl stop ends it cleanly (exit 0), and systemd-analyze security rates it 3.0 or less.
# Usage: Tests/vm/systemd-vm-test.sh PATH/TO/lensd
# Needs what vivid-vm-test.sh needs, and systemd (the guest boots the host's /lib/systemd/systemd).
# Outputs go to $LENSD_VM_WORK, kept; without it to a new directory under $TMPDIR, removed unless a check fails.
# Where the VM cannot run it prints "VM TEST SKIPPED: <reason>" and exits 0; a failed check exits 1.
set -euo pipefail
export PATH=$PATH:/usr/sbin:/sbin

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
started=$(date +%s.%N)
skip() { echo "VM TEST SKIPPED: $*"; exit 0; }
failures=0
check() {
    local what=$1; shift
    if "$@"; then echo "  ok    $what"; else echo "  FAIL  $what"; failures=$((failures + 1)); fi
}

[ $# -eq 1 ] || { echo "usage: $0 PATH/TO/lensd" >&2; exit 2; }
lensd=$(realpath "$1")
[ -x "$lensd" ] || { echo "$lensd is not an executable" >&2; exit 2; }
. "$here/vm-setup.sh"
vm_check_tools systemd-analyze
[ -x /lib/systemd/systemd ] || skip "no /lib/systemd/systemd to boot (apt-get install systemd)"

if [ -n "${LENSD_VM_WORK:-}" ]; then
    work=$LENSD_VM_WORK
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/lensd-systemd-vm.XXXXXX")
    trap 'status=$?; [ "$status" -eq 0 ] && [ -z "${keep_work:-}" ] && rm -rf "$work"; exit "$status"' EXIT
fi
cache=${LENSD_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lensd-vm}
mkdir -p "$work" "$cache"
echo "== systemd VM test: work $work, cache $cache"

vm_kernel "$cache"
initramfs=$work/initramfs
vm_initramfs "$initramfs" virtio_pci 9pnet_virtio 9p vivid
sed -e "s|@LENSDDIR@|$(dirname "$lensd")|g" "$here/systemd-init.sh" > "$initramfs/init"
vm_pack "$initramfs" "$work/initramfs.gz"

# The units the guest's systemd loads: the packaged template as shipped, a drop-in that points
# ExecStart at the binary under test (and gives it longer to stop: a detection job in flight,
# which lensd finishes before it exits, takes many times longer in the emulated VM), the check
# and the target that starts both.
results=$work/results units=$work/results/units
rm -rf "$results" && mkdir -p "$units/lensd@.service.d"
cp "$repo/packaging/lensd@.service" "$units/"
cp "$here/systemd-guest-check.sh" "$results/check.sh"
exec_start=$(grep '^ExecStart=' "$repo/packaging/lensd@.service" | sed "s|/usr/local/bin/lensd|/mnt/lensd/$(basename "$lensd")|")
cat > "$units/lensd@.service.d/test.conf" <<UNIT
[Service]
ExecStart=
$exec_start
WatchdogSec=10s
TimeoutStopSec=90s
UNIT
cat > "$units/lensd-vm-check.service" <<'UNIT'
[Unit]
Description=lensd VM test: checks lensd@video0
After=lensd@video0.service
[Service]
Type=oneshot
ExecStart=/bin/bash /mnt/results/check.sh /mnt/results
StandardOutput=journal+console
UNIT
cat > "$units/lensd-vm.target" <<'UNIT'
[Unit]
Description=lensd VM test
Wants=lensd@video0.service lensd-vm-check.service
UNIT

echo "== booting systemd in the VM (TCG)"
vm_boot
[ -f "$results/done" ] || { tail -n 40 "$work/console.log"; echo "VM TEST FAILED: the guest check did not finish (qemu status $qemu_status; console in $work/console.log)"; exit 1; }
sed 's/^/  guest: /' "$results/guest.log"

echo "== checks"
property() { grep "^$2=" "$results/$1" | cut -d= -f2-; }
echo "    at start: $(tr '\n' ' ' < "$results/show-ready.txt")"
check "Type=notify: the start job ended with READY=1, the unit active and running" \
    test "$(property show-ready.txt Type) $(property show-ready.txt ActiveState) $(property show-ready.txt SubState)" = "notify active running"
check "STATUS says the camera is read" bash -c "grep -q '^StatusText=camera /dev/video0: reading frames' '$results/show-ready.txt'"
socket_classes() { grep -o '"class":"[A-Z]*"' "$results/socket.ndjson" | cut -d'"' -f4 | sort -u | tr '\n' ' '; }
echo "    socket classes: $(socket_classes)"
check "a socket client gets VERSION, DEVICE active, OVERLAYS and a status ACK with its req" bash -c "
    f='$results/socket.ndjson'
    grep -q '\"class\":\"VERSION\"' \"\$f\" && grep '\"class\":\"DEVICE\"' \"\$f\" | grep -q '\"state\":\"active\"' &&
    grep -q '\"class\":\"OVERLAYS\"' \"\$f\" && grep '\"class\":\"ACK\"' \"\$f\" | grep -q '\"req\":1'"
echo "    25 s later: $(tr '\n' ' ' < "$results/show-later.txt")"
check "the watchdog (10 s) kept fed: still active after 25 s, never restarted" \
    test "$(property show-later.txt ActiveState) $(property show-later.txt NRestarts) $(property show-later.txt WatchdogUSec)" = "active 0 10s"
echo "    stopped: $(tr '\n' ' ' < "$results/show-stopped.txt")"
check "systemctl stop: lensd exits 0" test "$(property show-stopped.txt Result) $(property show-stopped.txt ExecMainStatus)" = "success 0"
exposure=$(grep -o 'Overall exposure level for [^:]*: [0-9.]*' "$results/security.txt" | awk '{ print $NF }')
echo "    systemd-analyze security lensd@video0.service (running): ${exposure:-none}"
check "exposure of the running unit is 3.0 or less" awk -v e="${exposure:-99}" 'BEGIN { exit !(e <= 3.0) }'
if [ "$failures" -gt 0 ]; then
    echo "  journal of lensd@video0:"; tail -n 30 "$results/journal.txt" | sed 's/^/    /'
fi
total=$(awk -v now="$(date +%s.%N)" -v then="$started" 'BEGIN { print now - then }')
printf '== systemd VM test wall time %.1f s (VM run %.1f s)\n' "$total" "$vm_seconds"
if [ "$failures" -gt 0 ]; then
    echo "VM TEST FAILED: $failures check(s); outputs in $results, console in $work/console.log"
    exit 1
fi
echo "VM TEST PASSED"
