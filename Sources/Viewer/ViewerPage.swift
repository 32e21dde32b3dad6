import Foundation

/// The viewer's single page (`GET /`): HTML, CSS and plain JavaScript, no external assets.
///
/// It shows the latest frame (fetched from `/frame.jpg` at most at the stream rate) with the
/// prices of that very frame drawn over it (from the `OVERLAYS` lines of `/events`, matched by
/// `X-Lensd-Frame`), each with its converted amounts and state; clicking a price locks it, and
/// the controls send `zoom`, `torch`, `unlock`, `currency` and `preset` to `/control`. A banner
/// shows the `RATES` age and warns when they are stale, and the `DEVICE` state with its hint.
enum ViewerPage {
    /// The page, with its frame interval for `framesPerSecond`.
    static func html(framesPerSecond: Double) -> String {
        let interval = Int((1000 / max(0.1, min(framesPerSecond, 60))).rounded())
        return template.replacingOccurrences(of: "@FRAME_INTERVAL_MS@", with: "\(interval)")
    }

    private static let template = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>lensd</title>
<style>
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #111; color: #eee; }
  header { display: flex; flex-wrap: wrap; gap: .5em 1.5em; align-items: center; padding: .5em 1em; background: #222; }
  header b { font-weight: 600; }
  #banner { display: none; padding: .4em 1em; background: #8a5a00; color: #fff; }
  #banner.shown { display: block; }
  #device.denied, #device.error { color: #ff8080; }
  main { display: flex; flex-wrap: wrap; gap: 1em; padding: 1em; align-items: flex-start; }
  #view { position: relative; flex: 1 1 640px; max-width: 1280px; background: #000; }
  #frame { display: block; width: 100%; height: auto; }
  #overlays { position: absolute; inset: 0; }
  .overlay { position: absolute; box-sizing: border-box; border: 2px solid #e6a000; cursor: pointer; }
  .overlay.confirmed { border-color: #00c050; }
  .overlay.coasting { border-color: #999; border-style: dashed; }
  .overlay.locked { border-color: #3c78ff; border-width: 3px; }
  .overlay .label { position: absolute; left: -2px; bottom: 100%; white-space: nowrap; padding: 1px 4px;
    background: rgba(255,255,255,.9); color: #000; font-size: 13px; border-radius: 3px 3px 3px 0; }
  .overlay .label small { color: #444; }
  aside { flex: 0 1 300px; display: flex; flex-direction: column; gap: .8em; }
  fieldset { border: 1px solid #444; border-radius: 4px; }
  button, input, select { font: inherit; }
  input[type=text] { width: 8em; }
  #reply { font-family: monospace; font-size: 12px; color: #aaa; word-break: break-all; }
</style>
</head>
<body>
<header>
  <span><b>lensd</b> <span id="version"></span></span>
  <span>device: <span id="device">waiting</span></span>
  <span>rates: <span id="rates">unknown</span></span>
  <span>frame: <span id="frameno">-</span></span>
  <span>prices: <span id="count">0</span></span>
</header>
<div id="banner"></div>
<main>
  <div id="view"><img id="frame" alt="the latest frame"><div id="overlays"></div></div>
  <aside>
    <fieldset><legend>Camera</legend>
      <button id="zoomOut" type="button">zoom &minus;</button>
      <span id="zoom">1.0x</span>
      <button id="zoomIn" type="button">zoom +</button>
      <button id="torch" type="button" disabled>torch</button>
    </fieldset>
    <fieldset><legend>Lock</legend>
      <span id="locked">click a price to lock it</span>
      <button id="unlock" type="button">unlock</button>
    </fieldset>
    <fieldset><legend>Currencies</legend>
      <label>from <input id="source" type="text" placeholder="auto"></label>
      <label>to <input id="targets" type="text" placeholder="EUR,USD"></label>
      <button id="applyCurrency" type="button">apply</button><br>
      <label>preset <input id="preset" type="text" placeholder="name"></label>
      <button id="applyPreset" type="button">use</button>
    </fieldset>
    <div id="reply"></div>
  </aside>
</main>
<script>
"use strict";
const frameInterval = @FRAME_INTERVAL_MS@;
const overlaysByFrame = new Map();
let latestOverlays = null, shownFrame = null, device = null, zoom = 1, torchOn = false, lockedId = null;
const $ = (id) => document.getElementById(id);

function control(message) {
  return fetch("/control", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(message) })
    .then((response) => response.json())
    .then((reply) => { $("reply").textContent = JSON.stringify(reply); return reply; })
    .catch((error) => { $("reply").textContent = "control failed: " + error; });
}

function label(price) {
  const converted = (price.converted || []).map((c) => c.formatted).join("  ");
  return (converted ? converted + "  " : "") + "<small>" + price.amount + " " + price.currency + " · " + price.state + "</small>";
}

function drawOverlays(message) {
  const layer = $("overlays");
  const prices = message ? message.prices : [];
  const seen = new Set();
  for (const price of prices) {
    seen.add(price.id);
    let box = layer.querySelector('[data-id="' + price.id + '"]');
    if (!box) {
      box = document.createElement("div");
      box.dataset.id = price.id;
      box.innerHTML = '<span class="label"></span>';
      box.addEventListener("click", () => control(box.classList.contains("locked") ? { cmd: "unlock" } : { cmd: "lock", id: box.dataset.id }));
      layer.appendChild(box);
    }
    box.className = "overlay " + price.state + (price.locked ? " locked" : "");
    box.dataset.amount = price.amount;
    box.dataset.currency = price.currency;
    box.style.left = (price.box.x * 100) + "%";
    box.style.top = (price.box.y * 100) + "%";
    box.style.width = (price.box.width * 100) + "%";
    box.style.height = (price.box.height * 100) + "%";
    box.firstChild.innerHTML = label(price);
    if (price.locked) lockedId = price.id;
  }
  for (const box of Array.from(layer.children)) if (!seen.has(box.dataset.id)) box.remove();
  $("count").textContent = prices.length;
  const locked = prices.find((p) => p.locked);
  $("locked").textContent = locked ? "locked: " + locked.amount + " " + locked.currency : "click a price to lock it";
}

function showDevice(message) {
  device = message;
  const element = $("device");
  element.className = message.state;
  element.textContent = message.state + (message.width ? " " + message.width + "x" + message.height : "") + " (" + message.source + " " + message.path + ")";
  if (message.zoom) { zoom = message.zoom.level; $("zoom").textContent = zoom.toFixed(1) + "x"; }
  const torch = message.torch || { available: false, on: false };
  $("torch").disabled = !torch.available;
  torchOn = torch.on;
  $("torch").textContent = torch.available ? (torch.on ? "torch off" : "torch on") : "no torch";
}

function showRates(message) {
  const days = message.age_s / 86400;
  $("rates").textContent = message.base + " " + message.date + " (" + (days >= 1 ? days.toFixed(0) + " days" : Math.round(message.age_s / 60) + " min") + " old, " + message.origin + ")";
  const banner = $("banner");
  if (message.stale) {
    banner.textContent = "Exchange rates are from " + message.date + " (" + days.toFixed(0) + " days old): converted prices may be off.";
    banner.classList.add("shown");
  } else {
    banner.classList.remove("shown");
  }
}

function showError(message) {
  if (message.concerns === "device") {
    const banner = $("banner");
    banner.textContent = "Camera: " + message.message;
    banner.classList.add("shown");
  }
}

const events = new EventSource("/events");
events.onmessage = (event) => {
  let message;
  try { message = JSON.parse(event.data); } catch (error) { return; }
  switch (message.class) {
  case "VERSION": $("version").textContent = message.release || ""; break;
  case "DEVICE": showDevice(message); break;
  case "RATES": showRates(message); break;
  case "ERROR": showError(message); break;
  case "OVERLAYS":
    overlaysByFrame.set(message.frame, message);
    latestOverlays = message;
    if (overlaysByFrame.size > 300) overlaysByFrame.delete(overlaysByFrame.keys().next().value);
    if (shownFrame === null) drawOverlays(message);
    break;
  }
};

// The frame and the prices read on that frame, together.
async function nextFrame() {
  const began = performance.now();
  try {
    const response = await fetch("/frame.jpg", { cache: "no-store" });
    if (response.ok) {
      const frame = Number(response.headers.get("X-Lensd-Frame"));
      const url = URL.createObjectURL(await response.blob());
      const image = $("frame");
      await new Promise((resolve) => { image.onload = resolve; image.onerror = resolve; image.src = url; });
      if (image.dataset.url) URL.revokeObjectURL(image.dataset.url);
      image.dataset.url = url;
      shownFrame = frame;
      $("frameno").textContent = frame;
      drawOverlays(overlaysByFrame.get(frame) || latestOverlays);
    }
  } catch (error) {
    $("frameno").textContent = "no frame";
  }
  setTimeout(nextFrame, Math.max(0, frameInterval - (performance.now() - began)));
}
nextFrame();

$("zoomIn").onclick = () => control({ cmd: "zoom", level: Math.round((zoom + 0.5) * 10) / 10 }).then((r) => { if (r && r.zoom) { zoom = r.zoom.level; $("zoom").textContent = zoom.toFixed(1) + "x"; } });
$("zoomOut").onclick = () => control({ cmd: "zoom", level: Math.max(1, Math.round((zoom - 0.5) * 10) / 10) }).then((r) => { if (r && r.zoom) { zoom = r.zoom.level; $("zoom").textContent = zoom.toFixed(1) + "x"; } });
$("torch").onclick = () => control({ cmd: "torch", on: !torchOn }).then((r) => { if (r && r.torch) { torchOn = r.torch.on; $("torch").textContent = torchOn ? "torch off" : "torch on"; } });
$("unlock").onclick = () => control({ cmd: "unlock" });
$("applyCurrency").onclick = () => {
  const message = { cmd: "currency" };
  const source = $("source").value.trim().toUpperCase();
  const targets = $("targets").value.split(/[ ,]+/).map((t) => t.trim().toUpperCase()).filter((t) => t);
  if (source) message.source = source;
  if (targets.length) message.targets = targets;
  control(message);
};
$("applyPreset").onclick = () => { const name = $("preset").value.trim(); if (name) control({ cmd: "preset", name: name }); };
control({ cmd: "status" }).then((r) => {
  if (r && r.state && r.state.currency) {
    $("source").value = r.state.currency.source || "";
    $("targets").value = (r.state.currency.targets || []).join(",");
  }
});
</script>
</body>
</html>
"""#
}
