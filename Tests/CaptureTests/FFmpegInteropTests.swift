import Foundation
import Testing
@testable import Capture

/// The `ffmpeg` executable on `PATH`, if any.
private let ffmpegPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":")
    .map { "\($0)/ffmpeg" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("ffmpeg interoperability", .enabled(if: ffmpegPath != nil, "needs ffmpeg on PATH"))
struct FFmpegInteropTests {
    private func runFFmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpegPath ?? "ffmpeg")
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "lavfi", "-i", "testsrc=size=65x47:rate=10", "-frames:v", "3"] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("reads the Y plane of what ffmpeg's yuv4mpegpipe writes", arguments: [
        ("gray", 0), ("yuv420p", 2 * 33 * 24), ("yuv422p", 2 * 33 * 47), ("yuv444p", 2 * 65 * 47),
    ])
    func readsFFmpegOutput(pixelFormat: String, chromaBytes: Int) throws {
        let directory = try TemporaryDirectory()
        let clip = directory.path("clip.y4m")
        let raw = directory.path("clip.raw")
        try runFFmpeg(["-pix_fmt", pixelFormat, "-f", "yuv4mpegpipe", clip])
        try runFFmpeg(["-pix_fmt", pixelFormat, "-f", "rawvideo", raw])
        let rawBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        let lumaBytes = 65 * 47
        let frameBytes = lumaBytes + chromaBytes
        #expect(rawBytes.count == 3 * frameBytes)

        let source = try ReplaySource.open(paths: [clip])
        #expect(source.nominalFrameRate == 10)
        let drained = drain(source)
        #expect(drained.fatal == nil)
        #expect(drained.frames.count == 3)
        for (index, frame) in drained.frames.enumerated() {
            let start = index * frameBytes
            #expect(frame.width == 65 && frame.height == 47)
            #expect(frame.luma == Array(rawBytes[start..<(start + lumaBytes)]))
        }
    }

    @Test("reads PNG and JPEG files ffmpeg writes")
    func readsFFmpegImages() throws {
        let directory = try TemporaryDirectory()
        try runFFmpeg(["-pix_fmt", "rgb24", directory.path("frame%d.png")])
        try runFFmpeg(["-q:v", "3", directory.path("frame%d.jpg")])
        let drained = try drain(ReplaySource.open(paths: [directory.url.path]))
        #expect(drained.fatal == nil)
        #expect(drained.skipped.isEmpty)
        #expect(drained.frames.count == 6)
        #expect(drained.frames.allSatisfy { $0.width == 65 && $0.height == 47 && $0.luma.count == 65 * 47 })
    }

    @Test("rejects ffmpeg's high-bit-depth outputs as unsupported colour spaces", arguments: [
        ("gray16le", "mono16"), ("yuv420p10le", "420p10"),
    ])
    func rejectsHighBitDepth(pixelFormat: String, colorSpace: String) throws {
        let directory = try TemporaryDirectory()
        let clip = directory.path("deep.y4m")
        try runFFmpeg(["-strict", "-1", "-pix_fmt", pixelFormat, "-f", "yuv4mpegpipe", clip])
        #expect(throws: ReplayError.unsupportedColorSpace(path: clip, colorSpace: colorSpace)) {
            try ReplaySource.open(paths: [clip])
        }
    }

    @Test("reduces RGBA, palette and 16-bit grey PNGs to 8-bit luma", arguments: ["rgba", "pal8", "gray16be", "monob"])
    func readsOtherImageDepths(pixelFormat: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("still.png")
        try runFFmpeg(["-frames:v", "1", "-update", "1", "-pix_fmt", pixelFormat, path])
        let image = try ImageLoader.loadLuma(path: path)
        #expect(image.width == 65 && image.height == 47)
        #expect(image.luma.count == 65 * 47)
        #expect(Set(image.luma).count > 1)
    }
}
