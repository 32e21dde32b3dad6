import Foundation
import Testing

/// Bad input never crashes lensd: it says what happened in the stream and ends cleanly.
@Suite("lensd replay bad input", .serialized)
final class ReplayBadInputTests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lensd-bad-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The committed Y4M sample's header line and first frame, as bytes.
    func y4mSample() throws -> (header: Data, frame: Data, frameSize: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: LensdProcess.sample("shelf-pan.y4m")))
        let headerEnd = try #require(data.firstIndex(of: UInt8(ascii: "\n")))
        let header = data[...headerEnd]
        let frameMarker = Data("FRAME\n".utf8)
        let frameSize = 640 * 480 + 2 * 320 * 240
        let frame = data[(headerEnd + 1)..<(headerEnd + 1 + frameMarker.count + frameSize)]
        return (Data(header), Data(frame), frameSize)
    }

    @Test("a truncated Y4M frame is an ERROR after the frames before it were processed; exit 0")
    func truncatedY4M() throws {
        let sample = try y4mSample()
        var cut = sample.header + sample.frame + sample.frame
        cut.append(sample.frame.prefix(1000))
        let path = scratch.appendingPathComponent("cut.y4m").path
        try cut.write(to: URL(fileURLWithPath: path))
        let run = try LensdProcess.run(["replay", "--fast", "--workers", "1", path])
        #expect(run.status == 0)
        #expect(run.messages("OVERLAYS").count == 2)
        let error = try #require(run.messages("ERROR").first)
        #expect(error["concerns"] as? String == "replay")
        #expect((error["message"] as? String ?? "").contains("truncated frame 2"))
        #expect(run.lines.last?["class"] as? String == "STATS")
    }

    @Test("YUV4MPEG2 on stdin is replayed frame by frame")
    func y4mFromStandardInput() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: LensdProcess.sample("shelf-pan.y4m")))
        let run = try LensdProcess.run(["replay", "--fast", "--workers", "2", "-"], stdin: data)
        #expect(run.status == 0, "\(run.stderr)")
        let device = try #require(run.messages("DEVICE").first)
        #expect(device["path"] as? String == "-")
        #expect(device["fps"] as? Double == 30)
        #expect(run.messages("OVERLAYS").count == 12)
    }

    @Test("a file that is not YUV4MPEG2 is an ERROR and exit 1, with no frame")
    func garbageY4M() throws {
        let path = scratch.appendingPathComponent("garbage.y4m").path
        try Data("this is not a video\n".utf8).write(to: URL(fileURLWithPath: path))
        let run = try LensdProcess.run(["replay", "--fast", path])
        #expect(run.status == 1)
        #expect(run.lines.first?["class"] as? String == "VERSION")
        #expect(run.messages("OVERLAYS").isEmpty)
        let error = try #require(run.messages("ERROR").first)
        #expect(error["path"] as? String == path)
        #expect(run.messages("DEVICE").first?["state"] as? String == "error")
    }

    @Test("a corrupt image in a directory is skipped with an ERROR; the others are processed")
    func corruptImageInDirectory() throws {
        let directory = scratch.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for index in [0, 1] {
            try FileManager.default.copyItem(
                atPath: LensdProcess.sample("shelf-handheld/frame-000\(index).jpg"),
                toPath: directory.appendingPathComponent("frame-\(index * 2).jpg").path)
        }
        try Data("\u{FF}\u{D8}not really a jpeg".utf8).write(to: directory.appendingPathComponent("frame-1.jpg"))
        let run = try LensdProcess.run(["replay", "--fast", "--workers", "1", directory.path])
        #expect(run.status == 0)
        #expect(run.messages("OVERLAYS").count == 2)
        let error = try #require(run.messages("ERROR").first)
        #expect((error["message"] as? String ?? "").contains("frame-1.jpg"))
        #expect(run.messages("STATS").first?["errors"] as? Int == 1)
    }

    @Test("an unreadable image file is an ERROR and exit 1")
    func missingImage() throws {
        let run = try LensdProcess.run(["replay", "--fast", scratch.appendingPathComponent("nope.png").path])
        #expect(run.status == 1)
        #expect(run.messages("ERROR").count == 1)
        #expect(run.messages("OVERLAYS").isEmpty)
    }

    @Test("a missing OCR model stops lensd at startup with exit 3 and names the file")
    func missingModel() throws {
        let run = try LensdProcess.run(["replay", "--fast", "--tessdata", scratch.path, LensdProcess.sample("stills/tags-01.png")])
        #expect(run.status == 3)
        let error = try #require(run.messages("ERROR").first)
        #expect(error["concerns"] as? String == "startup")
        #expect((error["message"] as? String ?? "").contains("eng.traineddata"))
    }

    @Test("a missing or corrupt text model or inference runtime stops lensd at startup with exit 3, naming the file and the installer", arguments: [
        ["--det-model", "/nonexistent/lensd/det.onnx"], ["--rec-model", "/nonexistent/lensd"], ["--rec-model", "CORRUPT"],
        ["--inference-runtime", "/nonexistent/lensd/runtime"], ["--inference-runtime", "CORRUPT-RUNTIME"],
    ])
    func missingTextModel(options: [String]) throws {
        var options = options
        if options.last == "CORRUPT" {
            let folder = scratch.appendingPathComponent("corrupt-models")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "0\n1\n".write(to: folder.appendingPathComponent("ch_PP-OCRv4_rec.characters.txt"), atomically: true, encoding: .utf8)
            for name in ["ch_ppocr_mobile_v2.0_cls_infer.onnx", "ch_PP-OCRv4_rec.onnx"] {
                try Data("not a model".utf8).write(to: folder.appendingPathComponent(name))
            }
            options[options.count - 1] = folder.path
        }
        if options.last == "CORRUPT-RUNTIME" {
            let folder = scratch.appendingPathComponent("corrupt-runtime")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("not a library".utf8).write(to: folder.appendingPathComponent("libopenvino_c.so.2641"))
            options[options.count - 1] = folder.path
        }
        let run = try LensdProcess.run(["replay", "--fast"] + options + [LensdProcess.sample("stills/tags-01.png")])
        #expect(run.status == 3)
        let error = try #require(run.messages("ERROR").first)
        #expect(error["concerns"] as? String == "startup")
        let message = error["message"] as? String ?? ""
        #expect(message.contains("install-models.sh"), "\(message)")
        #expect(message.contains(options[1]), "\(message)")
        #expect(run.messages("OVERLAYS").isEmpty)
    }

    @Test("an unknown currency code is a usage error naming the code")
    func unknownCurrency() throws {
        let run = try LensdProcess.run(["replay", "--target", "XYZ", LensdProcess.sample("stills/tags-01.png")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("XYZ"))
        #expect(run.lines.isEmpty)
    }
}
