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

    @Test("a lag without --fast, above its limit, a pass lag with --read-lag 0, or either when every frame is read whole, is a usage error",
          arguments: [
              (["--read-lag", "0"], "--read-lag needs --fast"),
              (["--fast", "--read-lag", "31"], "at most 30"),
              (["--fast", "--read-lag", "0", "--ocr", "full-frame"], "--schedule changes"),
              (["--pass-lag", "6"], "--pass-lag needs --fast"),
              (["--fast", "--pass-lag", "301"], "at most 300"),
              (["--fast", "--read-lag", "0", "--pass-lag", "6"], "no effect with --read-lag 0"),
              (["--fast", "--pass-lag", "6", "--ocr", "full-frame"], "--schedule changes"),
          ])
    func badLagIsAUsageError(options: [String], message: String) throws {
        let run = try LensdProcess.run(["replay"] + options + [LensdProcess.sample("stills/tags-01.png")])
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
    }

    @Test("--fast --pass-lag 6 replays a photo and shows its prices")
    func passLagIsAccepted() throws {
        let run = try LensdProcess.run(["replay", "--fast", "--pass-lag", "6", LensdProcess.sample("stills/tags-01.png")])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.messages("OVERLAYS").contains { !(($0["prices"] as? [[String: Any]]) ?? []).isEmpty })
    }
}
