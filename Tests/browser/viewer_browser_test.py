"""Loads lensd's web viewer in headless Chromium and checks what a person would see and do.

Starts `lensd replay --loop --http 127.0.0.1:0` on a bundled sample, drives Debian's chromium
through the DevTools protocol (python3-websocket) and checks that

1. the page shows overlays within its first second (time from navigation to the first
   `.overlay` in the DOM is printed), each a box inside the frame's image, and that the
   sample's prices are among them;
2. a mouse click on an overlay locks it: `/control` answers with an `ACK` for `lock`, and the
   overlay comes back marked locked (the `OVERLAYS` line says `"locked":true`);
3. a screenshot of the page is saved (ARTIFACTS/viewer.png) for a person to look at;
4. `/metrics` passes `promtool check metrics`, where Debian's prometheus package is installed.

usage: viewer_browser_test.py LENSD SAMPLE ARTIFACTS
Exit status 0 when every check passes, 1 when one fails, 77 when chromium cannot start here.
"""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

# Prices the bundled handheld sample shows in its first frames (its truth, samples/README.md).
EXPECTED_AMOUNTS = {"27.99", "0.99", "113.50", "11.00", "29.00", "58.99"}


def fail(message):
    print(f"VIEWER BROWSER TEST FAILED: {message}")
    sys.exit(1)


def start_lensd(lensd, sample):
    process = subprocess.Popen(
        [lensd, "replay", "--loop", "--http", "127.0.0.1:0", "--control", "none", sample],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    for line in process.stderr:
        match = re.search(r"serving the viewer on (http://\S+/)", line)
        if match:
            return process, match.group(1)
        if time.monotonic() > deadline:
            break
    process.kill()
    fail("lensd did not say where it serves the viewer")


def start_chromium(profile):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("VIEWER BROWSER TEST SKIPPED: no chromium (apt-get install chromium)")
        sys.exit(77)
    process = subprocess.Popen(
        [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", "--window-size=1280,800", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    for line in process.stderr:
        match = re.search(r"DevTools listening on (ws://\S+)", line)
        if match:
            return process, match.group(1)
        if time.monotonic() > deadline:
            break
    process.kill()
    print("VIEWER BROWSER TEST SKIPPED: chromium did not start its DevTools endpoint here")
    sys.exit(77)


class Page:
    """One tab, over the DevTools protocol."""

    def __init__(self, browser_url):
        port = re.search(r":(\d+)/", browser_url).group(1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as response:
            targets = json.load(response)
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    fail(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result.get("result", {}).get("value")

    def wait_for(self, expression, seconds, what):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.02)
        fail(f"{what} within {seconds} s")


OVERLAYS = """Array.from(document.querySelectorAll('.overlay')).map(o => {
  const r = o.getBoundingClientRect(), f = document.getElementById('frame').getBoundingClientRect();
  return {id: o.dataset.id, amount: o.dataset.amount, text: o.textContent, locked: o.classList.contains('locked'),
          x: r.x, y: r.y, w: r.width, h: r.height, fx: f.x, fy: f.y, fw: f.width, fh: f.height};
})"""


def main():
    lensd, sample, artifacts = sys.argv[1:4]
    os.makedirs(artifacts, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="lensd-chromium-")
    daemon, url = start_lensd(lensd, sample)
    browser = None
    try:
        browser, devtools = start_chromium(profile)
        page = Page(devtools)
        page.call("Page.enable")
        # A viewer opens a daemon that already reads prices: wait until it shows three.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with urllib.request.urlopen(url + "metrics") as response:
                shown = re.search(r"^lensd_tracks_shown (\S+)$", response.read().decode(), re.M)
            if shown and float(shown.group(1)) >= 3:
                break
            time.sleep(0.1)
        else:
            fail("lensd showed fewer than three prices within 60 s")
        began = time.monotonic()
        page.call("Page.navigate", url=url)
        page.wait_for("document.querySelectorAll('.overlay').length > 0", 10, "no overlay on the page")
        first = time.monotonic() - began
        print(f"first overlay {first * 1000:.0f} ms after navigation")
        # Let the frame and a few OVERLAYS lines arrive, then look at what is drawn.
        page.wait_for("document.getElementById('frame').naturalWidth > 0", 5, "no frame shown")
        # Over three seconds (the sample loops every two), keep the moment with the most overlays.
        overlays, amounts = [], set()
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            now = page.evaluate(OVERLAYS)
            amounts |= {o["amount"] for o in now}
            if len(now) > len(overlays):
                overlays = now
            time.sleep(0.05)
        print(f"{len(overlays)} overlays at most: " + "; ".join(o["text"] for o in overlays) + f"; amounts seen: {sorted(amounts)}")
        if not amounts & EXPECTED_AMOUNTS:
            fail(f"none of the sample's prices shown: {sorted(amounts)}")
        for o in overlays:
            inside = (o["x"] >= o["fx"] - 2 and o["y"] >= o["fy"] - 2 and o["x"] + o["w"] <= o["fx"] + o["fw"] + 2
                      and o["y"] + o["h"] <= o["fy"] + o["fh"] + 2 and o["w"] > 4 and o["h"] > 4)
            if not inside:
                fail(f"overlay {o['id']} is not a box over the frame: {o}")
        device = page.evaluate("document.getElementById('device').textContent")
        rates = page.evaluate("document.getElementById('rates').textContent")
        print(f"device: {device}; rates: {rates}")
        if not device.startswith("active"):
            fail(f"the page does not show the device active: {device!r}")

        # Click a price shown now, where it is now.
        current = page.wait_for(f"(() => {{ const o = {OVERLAYS}; return o.length ? o : null }})()", 5, "no overlay to click")
        target = max(current, key=lambda o: o["w"] * o["h"])
        x, y = target["x"] + target["w"] / 2, target["y"] + target["h"] / 2
        for kind in ("mousePressed", "mouseReleased"):
            page.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        reply = page.wait_for(
            "(() => { const t = document.getElementById('reply').textContent; return t.includes('\"cmd\":\"lock\"') ? t : null })()",
            5, "no reply to the click's lock")
        print(f"click on {target['amount']} ({target['id']}): {reply}")
        if '"class":"ACK"' not in reply:
            fail(f"the click's lock was not acknowledged: {reply}")
        page.wait_for("document.querySelector('.overlay.locked') !== null", 5, "no overlay shown locked after the click")
        locked = page.evaluate("document.getElementById('locked').textContent")
        print(f"locked panel: {locked}")

        shot = page.call("Page.captureScreenshot", format="png")
        path = os.path.join(artifacts, "viewer.png")
        with open(path, "wb") as out:
            out.write(base64.b64decode(shot["data"]))
        print(f"screenshot: {path}")
        promtool = shutil.which("promtool")
        if promtool:
            with urllib.request.urlopen(url + "metrics") as response:
                exposition = response.read()
            check = subprocess.run([promtool, "check", "metrics"], input=exposition, capture_output=True)
            if check.returncode != 0:
                fail(f"promtool check metrics: {(check.stdout + check.stderr).decode()}")
            print("promtool check metrics: passed")
        else:
            print("promtool not installed (Debian's prometheus package): /metrics not checked by it")
        if first > 1.0:
            print(f"note: first overlay took {first:.2f} s (target 1 s)")
        print("VIEWER BROWSER TEST PASSED")
    finally:
        daemon.terminate()
        if browser:
            browser.terminate()
        try:
            daemon.wait(timeout=20)
        except subprocess.TimeoutExpired:
            daemon.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
