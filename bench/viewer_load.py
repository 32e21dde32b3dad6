#!/usr/bin/env python3
"""What serving the HTTP viewer costs: lensd replay --loop --http on a sample, with and without
browser-like clients, in alternating paired runs.

Each client does what the viewer page does: it holds /events open (Server-Sent Events) and
fetches /frame.jpg at most --client-fps times a second; one more client reads /stream.mjpg.
For each run it reports lensd's CPU (process, and the viewer's own threads: the NIO event loop
and the encoding pool), frames read and dropped (from /metrics), and /metrics scrape times.

With --chromium, the clients are real pages instead: one headless Debian chromium with that many
tabs open on the viewer (its own CPU is not counted).

usage: bench/viewer_load.py [--lensd PATH] [--sample DIR|Y4M] [--clients 10] [--seconds 30] [--runs 3] [--chromium]
"""
import argparse
import json
import os
import shutil
import tempfile
import re
import socket
import statistics
import subprocess
import threading
import time
import urllib.request

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """Process CPU seconds, and those of the viewer's threads (NIO event loop, thread pool)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    total = (int(fields[11]) + int(fields[12])) / TICKS
    viewer = 0.0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as stat:
                text = stat.read()
        except FileNotFoundError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        if name.startswith("NIO-ELT") or name.startswith("TP-"):
            rest = text.rsplit(")", 1)[1].split()
            viewer += (int(rest[11]) + int(rest[12])) / TICKS
    return total, viewer


def metric(base, name):
    with urllib.request.urlopen(base + "metrics") as response:
        match = re.search(rf"^{re.escape(name)} (\S+)$", response.read().decode(), re.M)
    return float(match.group(1)) if match else 0.0


def viewer_threads(pid):
    names = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/comm") as comm:
            names.add(comm.read().strip())
    return names


class Client(threading.Thread):
    """One page: /events open, /frame.jpg at most fps times a second."""

    def __init__(self, port, fps, stop):
        super().__init__(daemon=True)
        self.port, self.interval, self.stop, self.frames, self.event_bytes = port, 1 / fps, stop, 0, 0

    def run(self):
        events = socket.create_connection(("127.0.0.1", self.port))
        events.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        events.setblocking(False)
        while not self.stop.is_set():
            began = time.monotonic()
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/frame.jpg") as response:
                response.read()
                self.frames += 1
            try:
                while True:
                    chunk = events.recv(1 << 16)
                    if not chunk:
                        break
                    self.event_bytes += len(chunk)
            except BlockingIOError:
                pass
            time.sleep(max(0, self.interval - (time.monotonic() - began)))
        events.close()


class StreamReader(threading.Thread):
    def __init__(self, port, stop):
        super().__init__(daemon=True)
        self.port, self.stop, self.parts = port, stop, 0

    def run(self):
        stream = socket.create_connection(("127.0.0.1", self.port))
        stream.sendall(b"GET /stream.mjpg HTTP/1.1\r\nHost: x\r\n\r\n")
        stream.settimeout(1)
        while not self.stop.is_set():
            try:
                chunk = stream.recv(1 << 16)
            except socket.timeout:
                continue
            if not chunk:
                break
            self.parts += chunk.count(b"--lensdframe")
        stream.close()


class Browser:
    """Headless chromium with `tabs` tabs on the viewer page."""

    def __init__(self, url, tabs):
        self.profile = tempfile.mkdtemp(prefix="lensd-bench-chromium-")
        self.process = subprocess.Popen(
            [shutil.which("chromium"), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = None
        for line in self.process.stderr:
            match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = match.group(1)
                break
        threading.Thread(target=lambda: self.process.stderr.read(), daemon=True).start()
        for _ in range(tabs - 1):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/json/new?{url}", method="PUT")
            urllib.request.urlopen(request).read()
        self.port = port

    def tabs(self):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list") as response:
            return sum(1 for target in json.load(response) if target["type"] == "page")

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        shutil.rmtree(self.profile, ignore_errors=True)


def run(args, clients):
    process = subprocess.Popen(
        [args.lensd, "replay", "--loop", "--http", "127.0.0.1:0", "--control", "none", args.sample],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    port = None
    for line in process.stderr:
        match = re.search(r"serving the viewer on http://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
            break
    threading.Thread(target=lambda: process.stderr.read(), daemon=True).start()
    base = f"http://127.0.0.1:{port}/"
    time.sleep(args.warmup)
    stop = threading.Event()
    browser = None
    if args.chromium and clients:
        browser = Browser(base, clients)
        workers = []
    else:
        workers = [Client(port, args.client_fps, stop) for _ in range(clients)]
    if clients:
        workers.append(StreamReader(port, stop))
    for worker in workers:
        worker.start()
    time.sleep(1)
    if browser:
        time.sleep(4)
    frames_in, dropped = metric(base, "lensd_frames_in_total"), metric(base, "lensd_frames_dropped_total")
    events_before = metric(base, 'lensd_clients{kind="http_events"}')
    cpu, viewer = cpu_seconds(process.pid)
    began = time.monotonic()
    time.sleep(args.seconds)
    elapsed = time.monotonic() - began
    cpu_end, viewer_end = cpu_seconds(process.pid)
    frames_in_end, dropped_end = metric(base, "lensd_frames_in_total"), metric(base, "lensd_frames_dropped_total")
    scrapes = []
    for _ in range(50):
        start = time.perf_counter()
        with urllib.request.urlopen(base + "metrics") as response:
            response.read()
        scrapes.append((time.perf_counter() - start) * 1000)
    event_clients = metric(base, 'lensd_clients{kind="http_events"}')
    tabs = browser.tabs() if browser else 0
    stop.set()
    for worker in workers:
        worker.join(timeout=5)
    if browser:
        browser.close()
    process.terminate()
    process.wait(timeout=30)
    read = frames_in_end - frames_in
    return {
        "cpu": (cpu_end - cpu) / elapsed * 100, "viewer_cpu": (viewer_end - viewer) / elapsed * 100,
        "kept": 1 - (dropped_end - dropped) / read if read else 0, "frames": read,
        "jpeg_fetches": sum(getattr(w, "frames", 0) for w in workers) / elapsed,
        "mjpeg_parts": sum(getattr(w, "parts", 0) for w in workers) / elapsed,
        "scrape_ms": statistics.median(scrapes), "event_clients": min(events_before, event_clients), "tabs": tabs,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lensd", default=".build/release/lensd")
    parser.add_argument("--sample", default="samples/shelf-handheld")
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--client-fps", type=float, default=10)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=8)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", action="store_true", help="real pages in headless chromium instead of page-like clients")
    args = parser.parse_args()
    results = {0: [], args.clients: []}
    for index in range(args.runs):
        for clients in (0, args.clients):
            result = run(args, clients)
            results[clients].append(result)
            print(f"run {index + 1}, {clients} clients: " + ", ".join(f"{k} {v:.3f}" for k, v in result.items()), flush=True)
    for clients, runs in results.items():
        medians = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        print(f"median, {clients} clients: " + ", ".join(f"{k} {v:.3f}" for k, v in medians.items()))


if __name__ == "__main__":
    main()
