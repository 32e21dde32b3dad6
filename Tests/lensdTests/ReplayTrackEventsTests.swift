import Foundation
import Testing
@testable import lensd

/// `lensd replay --events`: TRACK lines from the tracker's events, end to end on a committed sample.
@Suite("lensd replay --events", .serialized)
struct ReplayTrackEventsTests {
    @Test("writes a TRACK new line for each shown track before the OVERLAYS of its frame, and none without --events")
    func trackLines() throws {
        let sample = LensdProcess.sample("shelf-pan.y4m")
        let run = try LensdProcess.run(["replay", "--fast", "--workers", "2", "--events", sample])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let tracks = run.messages("TRACK")
        let newIDs = tracks.filter { $0["type"] as? String == "new" }.compactMap { ($0["price"] as? [String: Any])?["id"] as? String }
        #expect(!newIDs.isEmpty)
        #expect(Set(newIDs).count == newIDs.count)
        let shownIDs = Set(run.messages("OVERLAYS").flatMap { ($0["prices"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } })
        #expect(shownIDs.isSubset(of: Set(newIDs)))
        for track in tracks {
            #expect(["new", "update", "end"].contains(track["type"] as? String ?? ""))
        }
        // each TRACK line comes right before (possibly other TRACK lines and) its own frame's OVERLAYS
        var pendingFrames: [Int] = []
        for line in run.lines {
            switch line["class"] as? String {
            case "TRACK": pendingFrames.append(line["frame"] as? Int ?? -1)
            case "OVERLAYS":
                let frame = line["frame"] as? Int ?? -2
                #expect(pendingFrames.allSatisfy { $0 == frame })
                pendingFrames = []
            default: break
            }
        }

        let plain = try LensdProcess.run(["replay", "--fast", "--workers", "2", sample])
        #expect(plain.messages("TRACK").isEmpty)
    }
}
