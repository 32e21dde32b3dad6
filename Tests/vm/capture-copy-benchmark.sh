#!/usr/bin/env bash
# Host-side benchmark of lensd's per-frame capture work in user space: copying the luma of a
# mapped V4L2 buffer into a Frame (LumaExtractor + Frame), as CameraSource does for every buffer.
# The kernel's share (DQBUF/QBUF, poll) needs a real device: see vivid-vm-test.sh's figures.
# Builds the Capture sources it needs with `swiftc -O` into a scratch directory and prints CPU
# milliseconds per frame for GREY and YUYV at 640x480 and 1280x720. The source buffer stays in
# cache here, unlike a freshly DMA-written camera buffer, so these are lower bounds.
# Usage: Tests/vm/capture-copy-benchmark.sh [FRAMES]
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
frames=${1:-3000}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/lensd-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cat > "$scratch/main.swift" <<'SWIFT'
import Foundation

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let frames = Int(CommandLine.arguments[1]) ?? 3000
for (width, height) in [(640, 480), (1280, 720)] {
    for format in [PixelFormat.grey, .yuyv] {
        guard let layout = format.lumaLayout else { continue }
        let bytesPerLine = width * layout.bytesPerPixel
        let buffer = (0..<(bytesPerLine * height)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let rect = CropRect.centred(width: width, height: height, level: 1)
        var checksum = 0
        let started = cpuSeconds()
        for index in 0..<frames {
            let luma = buffer.withUnsafeBytes {
                LumaExtractor.extract(from: $0, layout: layout, bytesPerLine: bytesPerLine, rect: rect)
            }
            if let luma, let frame = try? Frame(luma: luma, width: width, height: height, stride: width,
                                                sequence: UInt64(index), timestamp: .now()) {
                checksum &+= Int(frame.luma[index % frame.luma.count])
            }
        }
        let perFrame = (cpuSeconds() - started) / Double(frames) * 1000
        print("\(format) \(width)x\(height): \(String(format: "%.3f", perFrame)) ms CPU per frame (\(frames) frames, checksum \(checksum))")
    }
}
SWIFT
swiftc -O -module-name CaptureBenchmark -I "$repo/Sources/CV4L2" -lv4l2 -o "$scratch/benchmark" \
    "$repo"/Sources/Capture/{LumaExtractor,CropRect,PixelFormat,Frame,FrameError,MonotonicInstant}.swift "$scratch/main.swift"
"$scratch/benchmark" "$frames"
