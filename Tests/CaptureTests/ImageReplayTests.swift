import Foundation
import Testing
@testable import Capture

@Suite("Image replay")
struct ImageReplayTests {
    /// A one-pixel-high PGM whose pixels all equal `value`, to tell files apart.
    private func pgm(_ value: UInt8) -> [UInt8] {
        LeptonicaFixtures.pgm(width: 2, height: 1, pixels: [value, value])
    }

    @Test("replays one image file as one frame")
    func singleImage() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(pgm(42), to: "still.pgm")
        let source = try ReplaySource.open(paths: [path])
        #expect(source.nominalFrameRate == nil)
        #expect(source.name == path)
        let drained = drain(source)
        #expect(drained.frames.map(\.luma) == [[42, 42]])
        #expect(drained.fatal == nil)
    }

    @Test("plays a directory's images in natural order and skips a corrupt one")
    func directoryNaturalOrderAndSkip() throws {
        let directory = try TemporaryDirectory()
        try directory.write(pgm(10), to: "frame10.pgm")
        try directory.write(pgm(2), to: "frame2.pgm")
        try directory.write(pgm(1), to: "frame1.pgm")
        try directory.write(LeptonicaFixtures.png(width: 2, height: 1, depth: 8) { _, _ in 3 }, to: "frame3.PNG")
        try directory.write(Array("not a png".utf8), to: "frame5.png")
        try directory.write(Array("notes".utf8), to: "notes.txt")
        try directory.write(pgm(99), to: ".hidden.pgm")
        let source = try ReplaySource.open(paths: [directory.url.path])
        let drained = drain(source)
        #expect(drained.fatal == nil)
        #expect(drained.frames.map { $0.luma[0] } == [1, 2, 3, 10])
        #expect(drained.frames.map(\.sequence) == [0, 1, 2, 3])
        #expect(drained.skipped == [.imageDecodeFailed(path: directory.path("frame5.png"))])
    }

    @Test("delivers the skipped event in place of the corrupt file")
    func skippedEventPosition() throws {
        let directory = try TemporaryDirectory()
        try directory.write(pgm(1), to: "a1.pgm")
        try directory.write(Array("junk".utf8), to: "a2.pgm")
        try directory.write(pgm(3), to: "a3.pgm")
        let source = try ReplaySource.open(paths: [directory.url.path])
        var kinds: [String] = []
        while let event = try source.next() {
            switch event {
            case .frame: kinds.append("frame")
            case .skipped: kinds.append("skipped")
            }
        }
        #expect(kinds == ["frame", "skipped", "frame"])
    }

    @Test("plays several image paths in the order given")
    func explicitOrder() throws {
        let directory = try TemporaryDirectory()
        let b = try directory.write(pgm(2), to: "b.pgm")
        let a = try directory.write(pgm(1), to: "a.pgm")
        let drained = try drain(ReplaySource.open(paths: [b, a]))
        #expect(drained.frames.map { $0.luma[0] } == [2, 1])
    }

    @Test("stops with an error on a corrupt image named explicitly")
    func explicitCorruptIsFatal() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write(pgm(1), to: "good.pgm")
        let bad = try directory.write(Array("junk".utf8), to: "bad.pgm")
        let later = try directory.write(pgm(3), to: "later.pgm")
        let source = try ReplaySource.open(paths: [good, bad, later])
        let drained = drain(source)
        #expect(drained.frames.map { $0.luma[0] } == [1])
        #expect(drained.fatal == .imageDecodeFailed(path: bad))
        #expect(try source.next() == nil)
    }

    @Test("chains a Y4M file and a directory with continuous frame numbers")
    func chainedSources() throws {
        let directory = try TemporaryDirectory()
        let clip = try directory.write(
            Y4MWriter.stream(width: 2, height: 1, frames: 2, parameters: "F10:1 Cmono", trailingBytes: 0),
            to: "clip.y4m")
        let images = directory.url.appendingPathComponent("images").path
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: false)
        try pgm(7).write(toFile: images + "/frame1.pgm")
        let source = try ReplaySource.open(paths: [clip, images])
        #expect(source.nominalFrameRate == nil)
        let drained = drain(source)
        #expect(drained.fatal == nil)
        #expect(drained.frames.map(\.sequence) == [0, 1, 2])
        #expect(drained.frames.last?.luma == [7, 7])
        try source.rewind()
        #expect(drain(source).frames.map(\.sequence) == [3, 4, 5])
    }

    @Test("rewinds a directory to its first image")
    func rewindImages() throws {
        let directory = try TemporaryDirectory()
        try directory.write(pgm(1), to: "1.pgm")
        try directory.write(pgm(2), to: "2.pgm")
        let source = try ReplaySource.open(paths: [directory.url.path])
        let first = drain(source)
        try source.rewind()
        let second = drain(source)
        #expect(first.frames.map(\.luma) == second.frames.map(\.luma))
        #expect(second.frames.map(\.sequence) == [2, 3])
    }

    @Test("rejects a directory without image files")
    func emptyDirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Array("notes".utf8), to: "readme.txt")
        #expect(throws: ReplayError.noImagesInDirectory(path: directory.url.path)) {
            try ReplaySource.open(paths: [directory.url.path])
        }
    }

    @Test("rejects an empty path list")
    func noPaths() {
        #expect(throws: ReplayError.noPaths) { try ReplaySource.open(paths: []) }
    }
}
