import Capture
import TestSupport
import Testing
@testable import SceneAnalysis
@testable import Pipeline

@Suite("LineAppearance")
struct LineAppearanceTests {
    static let width = GlyphLineFrame.width, height = GlyphLineFrame.height
    static let line = GlyphLineFrame.line

    static func frame(seed: UInt64, dx: Int = 0, dy: Int = 0, blur: Int = 0, brightness: Int = 0) throws -> Frame {
        try GlyphLineFrame.frame(seed: seed, dx: dx, dy: dy, blur: blur, brightness: brightness)
    }

    @Test func theSameLineMovedByAPixelAndBlurredStillLooksTheSame() throws {
        let read = try #require(LineAppearance(of: Self.line, in: try Self.frame(seed: 7)))
        let later = try Self.frame(seed: 7, dx: 1, dy: -1, blur: 2, brightness: 15)
        let correlation = try #require(read.correlation(with: Self.line, in: later, slack: 2))
        #expect(correlation >= OCRScheduler.sameAppearance, "\(correlation)")
    }

    @Test func otherTextInTheSamePlaceDoesNot() throws {
        let read = try #require(LineAppearance(of: Self.line, in: try Self.frame(seed: 7)))
        for seed: UInt64 in [8, 9, 10, 11] {
            let correlation = try #require(read.correlation(with: Self.line, in: try Self.frame(seed: seed), slack: 2))
            #expect(correlation < OCRScheduler.sameAppearance, "seed \(seed): \(correlation)")
        }
    }

    @Test func aFlatBoxOrOneOutsideTheFrameHasNoPicture() throws {
        let blank = try Frame(luma: [UInt8](repeating: 128, count: Self.width * Self.height), width: Self.width, height: Self.height,
                              stride: Self.width, sequence: 0, timestamp: .now())
        #expect(LineAppearance(of: Self.line, in: blank) == nil)
        #expect(LineAppearance(of: PixelRect(x: 300, y: 40, width: 60, height: 24), in: try Self.frame(seed: 7)) == nil)
    }
}
