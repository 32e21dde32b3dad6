#!/usr/bin/env python3
"""Measures what socket fan-out costs lensd: daemon CPU with 1 and with 50 clients, and shutdown time.

Usage: bench/daemon_fanout.py LENSD [SECONDS]   (LENSD: a release build, e.g. .build/release/lensd)

Crops one price tag out of samples/stills/tags-01.png (needs pillow) so that OCR keeps up with
30 fps, runs `lensd replay --loop --fps 30 --listen unix:…`, connects the clients (each reads on
its own thread), and after a warm-up samples the daemon's CPU time, and that of its SwiftNIO
event-loop thread (where fan-out happens), from /proc for SECONDS (default 20). Whole-process CPU
is dominated by OCR and varies with it; the event-loop figure isolates the fan-out. Then sends SIGTERM and times the exit. Prints one line per run.
"""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def event_loop_cpu_seconds(pid):
    """CPU time of SwiftNIO's event-loop threads (named NIO-ELT-…): the fan-out and control work."""
    total = 0.0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as handle:
                if not handle.read().startswith("NIO-ELT"):
                    continue
            with open(f"/proc/{pid}/task/{tid}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / TICKS
        except FileNotFoundError:
            continue
    return total


def reader(sock, counts, index, stop):
    pending = b""
    while not stop.is_set():
        try:
            chunk = sock.recv(65536)
        except OSError:
            return
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        counts[index] += sum(1 for line in lines if line.startswith(b'{"class":"OVERLAYS"'))


def run(lensd, image, clients, seconds, workdir):
    path = os.path.join(workdir, f"fanout-{clients}.sock")
    daemon = subprocess.Popen(
        [lensd, "replay", "--loop", "--fps", "30", "--workers", "2", "--queue-capacity", "2", "--control", "none",
         "--listen", "unix:" + path, "--target", "EUR", image],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 30
        while not os.path.exists(path) and time.time() < deadline:
            time.sleep(0.05)
        stop = threading.Event()
        counts = [0] * clients
        sockets = []
        for index in range(clients):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(path)
            sockets.append(sock)
            threading.Thread(target=reader, args=(sock, counts, index, stop), daemon=True).start()
        time.sleep(5)
        start_cpu, start_loop = cpu_seconds(daemon.pid), event_loop_cpu_seconds(daemon.pid)
        start_counts, start = list(counts), time.time()
        time.sleep(seconds)
        elapsed = time.time() - start
        cpu = (cpu_seconds(daemon.pid) - start_cpu) / elapsed * 100
        loop_cpu = (event_loop_cpu_seconds(daemon.pid) - start_loop) / elapsed * 100
        rates = [(counts[i] - start_counts[i]) / elapsed for i in range(clients)]
        signalled = time.time()
        daemon.send_signal(signal.SIGTERM)
        status = daemon.wait(timeout=10)
        shutdown = time.time() - signalled
        stop.set()
        for sock in sockets:
            sock.close()
        print(json.dumps({
            "clients": clients, "seconds": round(elapsed, 1), "daemon_cpu_percent": round(cpu, 1),
            "event_loop_cpu_percent": round(loop_cpu, 2),
            "overlays_per_s_min": round(min(rates), 1), "overlays_per_s_max": round(max(rates), 1),
            "shutdown_s": round(shutdown, 3), "exit": status}))
    finally:
        if daemon.poll() is None:
            daemon.kill()


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    lensd = os.path.abspath(sys.argv[1])
    seconds = float(sys.argv[2]) if len(sys.argv) == 3 else 20
    with tempfile.TemporaryDirectory(prefix="lensd-bench-") as workdir:
        image = os.path.join(workdir, "tag.png")
        Image.open(os.path.join(ROOT, "samples/stills/tags-01.png")).crop((370, 115, 590, 225)).save(image)
        for clients in (1, 50):
            run(lensd, image, clients, seconds, workdir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
