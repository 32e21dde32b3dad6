import Foundation
import Testing

/// `lensd replay --fast --read-lag N`: when a frame's reads land on the overlays.
@Suite("lensd replay --read-lag", .serialized)
struct ReplayReadLagTests {
    /// A blank grey frame, then the same shelf photo `count` times: its prices come into view on frame 1.
    func priceComingIntoView(count: Int, in scratch: TemporaryPath) throws -> String {
        var blank = Data("P5\n640 480\n255\n".utf8)
        blank.append(Data(repeating: 128, count: 640 * 480))
        try blank.write(to: URL(fileURLWithPath: scratch.file("frame-0.pgm")))
        for index in 1...count {
            try FileManager.default.copyItem(atPath: LensdProcess.sample("stills/tags-01.png"), toPath: scratch.file("frame-\(index).png"))
        }
        return scratch.directory
    }

    func pricesPerFrame(_ run: LensdProcess.Output) -> [Int] {
        run.messages("OVERLAYS").map { ($0["prices"] as? [[String: Any]])?.count ?? 0 }
    }

    @Test("with --read-lag 0 a price is shown on the frame it comes into view; by default two frames later")
    func lagZeroShowsPricesOnTheirOwnFrame() throws {
        let scratch = try TemporaryPath()
        defer { scratch.remove() }
        let path = try priceComingIntoView(count: 4, in: scratch)
        let immediate = try LensdProcess.run(["replay", "--fast", "--workers", "2", "--read-lag", "0", path])
        #expect(immediate.status == 0, "stderr: \(immediate.stderr)")
        let shownAtOnce = pricesPerFrame(immediate)
        #expect(shownAtOnce.count == 5)
        #expect(shownAtOnce.first == 0)
        #expect(shownAtOnce.dropFirst().allSatisfy { $0 > 0 }, "\(shownAtOnce)")

        let lagged = try LensdProcess.run(["replay", "--fast", "--workers", "2", path])
        #expect(lagged.status == 0, "stderr: \(lagged.stderr)")
        let shownLater = pricesPerFrame(lagged)
        #expect(shownLater.count == 5)
        #expect(shownLater.prefix(3) == [0, 0, 0], "\(shownLater)")
        #expect(shownLater.dropFirst(3).allSatisfy { $0 > 0 }, "\(shownLater)")
    }

    @Test("the last frame of a --fast replay waits for its own reads and every read still out")
    func lastFrameWaitsForEveryReadStillOut() throws {
        let scratch = try TemporaryPath()
        defer { scratch.remove() }
        let path = try priceComingIntoView(count: 1, in: scratch)
        let run = try LensdProcess.run(["replay", "--fast", "--workers", "2", path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // Frame 1's reads would land on frame 3; the replay ends on frame 1, which waits for them.
        let shown = pricesPerFrame(run)
        #expect(shown.count == 2)
        #expect(shown.first == 0)
        #expect((shown.last ?? 0) > 0, "\(shown)")
    }

    @Test("--read-lag without --fast, above 30 frames, or when every frame is read whole, is a usage error")
    func readLagNeedsFast() throws {
        let path = LensdProcess.sample("stills/tags-01.png")
        let paced = try LensdProcess.run(["replay", "--read-lag", "0", path])
        #expect(paced.status != 0)
        #expect(paced.stderr.contains("--read-lag needs --fast"))
        let tooLong = try LensdProcess.run(["replay", "--fast", "--read-lag", "31", path])
        #expect(tooLong.status != 0)
        #expect(tooLong.stderr.contains("at most 30"))
        let wholeFrames = try LensdProcess.run(["replay", "--fast", "--read-lag", "0", "--ocr", "full-frame", path])
        #expect(wholeFrames.status != 0)
        #expect(wholeFrames.stderr.contains("--schedule changes"))
    }

    @Test("--pass-lag without --fast, above 300 frames, with --read-lag 0, or when every frame is read whole, is a usage error")
    func passLagNeedsFastAndALag() throws {
        let path = LensdProcess.sample("stills/tags-01.png")
        let paced = try LensdProcess.run(["replay", "--pass-lag", "6", path])
        #expect(paced.status != 0)
        #expect(paced.stderr.contains("--pass-lag needs --fast"))
        let tooLong = try LensdProcess.run(["replay", "--fast", "--pass-lag", "301", path])
        #expect(tooLong.status != 0)
        #expect(tooLong.stderr.contains("at most 300"))
        let noLag = try LensdProcess.run(["replay", "--fast", "--read-lag", "0", "--pass-lag", "6", path])
        #expect(noLag.status != 0)
        #expect(noLag.stderr.contains("no effect with --read-lag 0"))
        let wholeFrames = try LensdProcess.run(["replay", "--fast", "--pass-lag", "6", "--ocr", "full-frame", path])
        #expect(wholeFrames.status != 0)
        #expect(wholeFrames.stderr.contains("--schedule changes"))
        let accepted = try LensdProcess.run(["replay", "--fast", "--pass-lag", "6", path])
        #expect(accepted.status == 0, "stderr: \(accepted.stderr)")
        #expect(!accepted.messages("OVERLAYS").isEmpty)
    }
}
