#!/bin/bash
# Runs inside the systemd VM as lensd-vm-check.service, once lensd@video0 has started (systemd
# orders it after the unit's start job, which ends with lensd's READY=1). Leaves what it saw in
# RESULTS for systemd-vm-test.sh to check, then powers the VM off.
# Usage: systemd-guest-check.sh RESULTS
set -u
out=$1
unit=lensd@video0.service
properties=(-p ActiveState -p SubState -p Type -p StatusText -p WatchdogUSec -p NRestarts -p Result -p ExecMainStatus -p User)
log() { echo "[guest $(cut -d' ' -f1 /proc/uptime)s] $*" | tee -a "$out/guest.log"; }

log "lensd@video0 started; state: $(systemctl show -p ActiveState --value "$unit")"
systemctl show "$unit" "${properties[@]}" > "$out/show-ready.txt"
# A socket client: the banner, a frame's OVERLAYS, and a status reply with its req.
/usr/bin/python3 - /run/lensd/video0/lensd.sock "$out/socket.ndjson" <<'PY' 2>> "$out/guest.log"
import json, socket, sys, time
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
client.connect(sys.argv[1])
client.settimeout(60)
lines, pending, sent = [], b"", False
deadline = time.time() + 120
while time.time() < deadline:
    chunk = client.recv(65536)
    if not chunk:
        break
    pending += chunk
    while b"\n" in pending:
        line, pending = pending.split(b"\n", 1)
        lines.append(line.decode())
    classes = [json.loads(line).get("class") for line in lines]
    if not sent and "OVERLAYS" in classes:
        client.sendall(b'{"cmd":"status","req":1}\n')
        sent = True
    if any(json.loads(line).get("req") == 1 for line in lines):
        break
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
log "socket client done ($(wc -l < "$out/socket.ndjson") lines)"
# Longer than twice WatchdogSec: lensd must keep feeding the watchdog.
sleep 25
systemctl show "$unit" "${properties[@]}" > "$out/show-later.txt"
systemd-analyze security "$unit" > "$out/security.txt" 2>&1
log "security: $(grep -o 'Overall exposure level.*' "$out/security.txt")"
systemctl stop "$unit"
systemctl show "$unit" "${properties[@]}" > "$out/show-stopped.txt"
journalctl -u "$unit" --no-pager -o short-monotonic > "$out/journal.txt" 2>&1
systemctl --failed --no-pager > "$out/failed.txt" 2>&1
log "done"
echo done > "$out/done"
sync
systemctl poweroff --force --force
