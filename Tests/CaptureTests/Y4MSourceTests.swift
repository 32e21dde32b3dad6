import Testing
@testable import Capture

@Suite("YUV4MPEG2 replay")
struct Y4MSourceTests {
    @Test("reads mono frames back byte for byte")
    func monoRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            Y4MWriter.stream(width: 5, height: 3, frames: 3, parameters: "F25:1 Cmono", trailingBytes: 0),
            to: "mono.y4m")
        let source = try ReplaySource.open(paths: [path])
        let drained = drain(source)
        #expect(drained.fatal == nil)
        #expect(drained.frames.count == 3)
        for (index, frame) in drained.frames.enumerated() {
            #expect(frame.width == 5 && frame.height == 3 && frame.stride == 5)
            #expect(frame.sequence == UInt64(index))
            #expect(frame.luma == Y4MWriter.luma(width: 5, height: 3, frame: index))
        }
        #expect(source.name == path)
        #expect(source.nominalFrameRate == 25)
    }

    @Test("keeps only the Y plane of 420jpeg, 422, 444 and 444alpha frames with odd sizes",
          arguments: [
            ("C420jpeg", 2 * 3 * 2), ("C420paldv", 2 * 3 * 2), ("C420mpeg2", 2 * 3 * 2), ("C420", 2 * 3 * 2),
            ("C422", 2 * 3 * 3), ("C444", 2 * 5 * 3), ("C444alpha", 3 * 5 * 3),
          ])
    func chromaIsSkipped(colorSpace: String, trailingBytes: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            Y4MWriter.stream(width: 5, height: 3, frames: 2, parameters: "F30:1 \(colorSpace)",
                             trailingBytes: trailingBytes),
            to: "clip.y4m")
        let drained = try drain(ReplaySource.open(paths: [path]))
        #expect(drained.fatal == nil)
        #expect(drained.frames.map(\.luma) == [
            Y4MWriter.luma(width: 5, height: 3, frame: 0), Y4MWriter.luma(width: 5, height: 3, frame: 1),
        ])
    }

    @Test("treats a header without C as 420jpeg")
    func missingColorSpaceMeans420() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            Y4MWriter.stream(width: 4, height: 2, frames: 2, parameters: "F30:1", trailingBytes: 2 * 2 * 1),
            to: "no-c.y4m")
        let drained = try drain(ReplaySource.open(paths: [path]))
        #expect(drained.fatal == nil)
        #expect(drained.frames.count == 2)
        #expect(drained.frames.last?.luma == Y4MWriter.luma(width: 4, height: 2, frame: 1))
    }

    @Test("parses F as a ratio, in any parameter order, ignoring unknown parameters")
    func frameRateParsing() throws {
        let directory = try TemporaryDirectory()
        let bytes = Y4MWriter.header("Ip XYSCSS=420JPEG C420jpeg H2 A1:1 F30000:1001 W2")
            + Y4MWriter.frame(luma: [1, 2, 3, 4], trailingBytes: 2)
        let path = try directory.write(bytes, to: "ntsc.y4m")
        let source = try ReplaySource.open(paths: [path])
        let rate = try #require(source.nominalFrameRate)
        #expect(abs(rate - 29.97002997) < 1e-6)
        #expect(drain(source).frames.map(\.luma) == [[1, 2, 3, 4]])
    }

    @Test("reports no frame rate for F0:0 or a missing F")
    func unknownFrameRate() throws {
        let directory = try TemporaryDirectory()
        let unknown = try directory.write(Y4MWriter.header("W1 H1 F0:0 Cmono"), to: "a.y4m")
        let absent = try directory.write(Y4MWriter.header("W1 H1 Cmono"), to: "b.y4m")
        #expect(try ReplaySource.open(paths: [unknown]).nominalFrameRate == nil)
        #expect(try ReplaySource.open(paths: [absent]).nominalFrameRate == nil)
    }

    @Test("rejects bad header parameters with a clear error", arguments: [
        "W0 H2", "W2 H99999", "H2", "W2", "W2 H2 Cmono16", "W2 H2 C420p10",
    ])
    func badHeaderParameters(parameters: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Y4MWriter.header(parameters), to: "bad.y4m")
        let range = "must be a whole number from 1 to 16384"
        let expected: [String: ReplayError] = [
            "W0 H2": .invalidParameter(path: path, parameter: "W", value: "0", reason: range),
            "W2 H99999": .invalidParameter(path: path, parameter: "H", value: "99999", reason: range),
            "H2": .missingParameter(path: path, parameter: "W"),
            "W2": .missingParameter(path: path, parameter: "H"),
            "W2 H2 Cmono16": .unsupportedColorSpace(path: path, colorSpace: "mono16"),
            "W2 H2 C420p10": .unsupportedColorSpace(path: path, colorSpace: "420p10"),
        ]
        let error = try #require(expected[parameters])
        #expect(throws: error) { try ReplaySource.open(paths: [path]) }
        #expect(error.description.hasPrefix("\(path): "))
    }

    @Test("rejects a malformed F parameter", arguments: ["F30", "Fx:1", "F30:0", "F:", "F1:2:3"])
    func badFrameRate(parameter: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Y4MWriter.header("W2 H2 \(parameter)"), to: "f.y4m")
        #expect {
            try ReplaySource.open(paths: [path])
        } throws: { error in
            guard case let .invalidParameter(_, parameter, _, _) = error as? ReplayError else { return false }
            return parameter == "F"
        }
    }

    @Test("names the frame and byte counts when the last frame is truncated, after delivering the others")
    func truncatedFrame() throws {
        let directory = try TemporaryDirectory()
        var bytes = Y4MWriter.stream(width: 4, height: 4, frames: 2, parameters: "C420jpeg", trailingBytes: 8)
        bytes += Array("FRAME\n".utf8) + [UInt8](repeating: 9, count: 10)
        let path = try directory.write(bytes, to: "cut.y4m")
        let source = try ReplaySource.open(paths: [path])
        let drained = drain(source)
        #expect(drained.frames.count == 2)
        let error = try #require(drained.fatal)
        #expect(error == .truncatedFrame(path: path, frame: 2, expected: 24, got: 10))
        #expect(error.description == "\(path): truncated frame 2: expected 24 bytes, got 10")
        #expect(try source.next() == nil)
    }

    @Test("counts skipped chroma bytes when a frame is cut inside its chroma planes")
    func truncatedInChroma() throws {
        let directory = try TemporaryDirectory()
        let bytes = Y4MWriter.header("W4 H4 C444") + Array("FRAME\n".utf8) + [UInt8](repeating: 1, count: 20)
        let path = try directory.write(bytes, to: "cut.y4m")
        let drained = try drain(ReplaySource.open(paths: [path]))
        #expect(drained.frames.isEmpty)
        #expect(drained.fatal == .truncatedFrame(path: path, frame: 0, expected: 48, got: 20))
    }

    @Test("rejects a file that does not start with YUV4MPEG2")
    func garbageHeader() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("GIF89a\u{01}\u{02} garbage\n".utf8), to: "garbage.y4m")
        #expect(throws: ReplayError.badMagic(path: path, found: "GIF89a?? garbage")) {
            try ReplaySource.open(paths: [path])
        }
        let binary = try directory.write([UInt8](repeating: 0xFF, count: 10_000), to: "binary.y4m")
        #expect(throws: ReplayError.badMagic(path: binary, found: String(repeating: "?", count: 16))) {
            try ReplaySource.open(paths: [binary])
        }
    }

    @Test("rejects a header line longer than the limit")
    func headerTooLong() throws {
        let directory = try TemporaryDirectory()
        let bytes = Array("YUV4MPEG2 W2 H2 X".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 5000)
        let path = try directory.write(bytes, to: "long.y4m")
        #expect(throws: ReplayError.headerTooLong(path: path, limit: 4096)) {
            try ReplaySource.open(paths: [path])
        }
    }

    @Test("rejects a stream that ends inside its header")
    func truncatedHeader() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("YUV4MPEG2 W2 H".utf8), to: "short.y4m")
        #expect(throws: ReplayError.truncatedHeader(path: path)) { try ReplaySource.open(paths: [path]) }
    }

    @Test("rejects a frame that does not start with FRAME")
    func badFrameMarker() throws {
        let directory = try TemporaryDirectory()
        let bytes = Y4MWriter.header("W2 H1 Cmono") + Y4MWriter.frame(luma: [1, 2], trailingBytes: 0)
            + Y4MWriter.frame(luma: [3, 4], trailingBytes: 0, marker: "FRAMX")
        let path = try directory.write(bytes, to: "marker.y4m")
        let drained = try drain(ReplaySource.open(paths: [path]))
        #expect(drained.frames.map(\.luma) == [[1, 2]])
        #expect(drained.fatal == .badFrameMarker(path: path, frame: 1, found: "FRAMX"))
    }

    @Test("accepts FRAME parameters")
    func frameParameters() throws {
        let directory = try TemporaryDirectory()
        let bytes = Y4MWriter.header("W2 H1 Cmono") + Array("FRAME Ip XFOO=1\n".utf8) + [7, 8]
        let path = try directory.write(bytes, to: "params.y4m")
        #expect(try drain(ReplaySource.open(paths: [path])).frames.map(\.luma) == [[7, 8]])
    }

    @Test("rejects a stream that ends inside a FRAME header")
    func truncatedFrameHeader() throws {
        let directory = try TemporaryDirectory()
        let bytes = Y4MWriter.header("W2 H1 Cmono") + Array("FRA".utf8)
        let path = try directory.write(bytes, to: "fra.y4m")
        #expect(try drain(ReplaySource.open(paths: [path])).fatal == .truncatedFrameHeader(path: path, frame: 0))
    }

    @Test("rejects a zero-length file")
    func zeroLengthFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write([], to: "empty.y4m")
        #expect(throws: ReplayError.emptyStream(path: path)) { try ReplaySource.open(paths: [path]) }
    }

    @Test("ends cleanly on a header with no frames")
    func headerOnly() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Y4MWriter.header("W2 H2"), to: "none.y4m")
        let drained = try drain(ReplaySource.open(paths: [path]))
        #expect(drained.frames.isEmpty && drained.fatal == nil)
    }

    @Test("rewinds to the first frame and keeps numbering frames upwards")
    func rewind() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            Y4MWriter.stream(width: 3, height: 2, frames: 2, parameters: "C420jpeg", trailingBytes: 4),
            to: "loop.y4m")
        let source = try ReplaySource.open(paths: [path])
        let first = drain(source)
        try source.rewind()
        let second = drain(source)
        #expect(first.frames.map(\.luma) == second.frames.map(\.luma))
        #expect(first.frames.map(\.sequence) == [0, 1])
        #expect(second.frames.map(\.sequence) == [2, 3])
    }

    @Test("streams frames larger than the read buffer")
    func largeFrames() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            Y4MWriter.stream(width: 1500, height: 1000, frames: 3, parameters: "C420jpeg", trailingBytes: 750_000),
            to: "big.y4m")
        let drained = try drain(ReplaySource.open(paths: [path]))
        #expect(drained.fatal == nil)
        #expect(drained.frames.count == 3)
        #expect(drained.frames[2].luma == Y4MWriter.luma(width: 1500, height: 1000, frame: 2))
    }

    @Test("passes over chroma planes larger than the read buffer and names a frame cut inside them")
    func truncatedInLargeChroma() throws {
        let directory = try TemporaryDirectory()
        var bytes = Y4MWriter.stream(width: 640, height: 480, frames: 2, parameters: "C420jpeg", trailingBytes: 153_600)
        bytes += Y4MWriter.frame(luma: Y4MWriter.luma(width: 640, height: 480, frame: 2), trailingBytes: 0)
        bytes += [UInt8](repeating: 7, count: 50_000)
        let path = try directory.write(bytes, to: "cut.y4m")
        let drained = try drain(ReplaySource.open(paths: [path]))
        #expect(drained.frames.map(\.luma) == [0, 1].map { Y4MWriter.luma(width: 640, height: 480, frame: $0) })
        #expect(drained.fatal == .truncatedFrame(path: path, frame: 2, expected: 460_800, got: 357_200))
    }

    @Test("reports a missing file with its errno")
    func missingFile() {
        #expect(throws: ReplayError.statusFailed(path: "/nonexistent/clip.y4m", errno: 2)) {
            try ReplaySource.open(paths: ["/nonexistent/clip.y4m"])
        }
    }
}
