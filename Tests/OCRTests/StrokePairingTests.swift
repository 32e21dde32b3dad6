import Testing
@testable import OCR

@Suite("StrokePairing")
struct StrokePairingTests {
    /// What a step-by-step scan keeps: a rising step with a falling one at most `pairing` away
    /// on either side (1), a falling step with a rising one (3).
    private func pairedByScan(_ steps: [UInt8], pairing: Int) -> [UInt8] {
        steps.indices.map { x in
            let window = max(0, x - pairing)...min(steps.count - 1, x + pairing)
            switch steps[x] {
            case 1: return window.contains { steps[$0] == 2 } ? 1 : 0
            case 2: return window.contains { steps[$0] == 1 } ? 3 : 0
            default: return 0
            }
        }
    }

    private func paired(_ steps: [UInt8], pairing: Int, using pairs: inout StrokePairing) -> [UInt8] {
        var marks = [UInt8](repeating: 0xAA, count: steps.count)
        steps.withUnsafeBufferPointer { steps in
            marks.withUnsafeMutableBufferPointer { marks in
                guard let stepsBase = steps.baseAddress, let marksBase = marks.baseAddress else { return }
                pairs.mark(steps: stepsBase, width: steps.count, pairing: pairing, into: marksBase)
            }
        }
        return marks
    }

    @Test("keeps exactly the steps with a step of the other direction within the pairing distance")
    func keepsStepsWithAPartnerNearby() {
        var generator = SystemRandomNumberGenerator()
        var pairs = StrokePairing()
        // Widths around the 16-byte vectors, and wider than any pairing window; one buffer for all,
        // as the detector reuses it across pyramid levels.
        for width in [1, 2, 15, 16, 17, 31, 40, 100, 641] {
            for pairing in [0, 1, 2, 4, 7, 16, 18, 40] {
                for density in [0.01, 0.1, 0.5] {
                    let steps = (0..<width).map { _ -> UInt8 in
                        Double.random(in: 0..<1, using: &generator) < density ? UInt8.random(in: 1...2, using: &generator) : 0
                    }
                    #expect(paired(steps, pairing: pairing, using: &pairs) == pairedByScan(steps, pairing: pairing),
                            "width \(width), pairing \(pairing), steps \(steps)")
                }
            }
        }
    }

    @Test("drops a lone step, and a pair one pixel further apart than the pairing distance")
    func dropsAStepWithoutAPartner() {
        var pairs = StrokePairing()
        var steps = [UInt8](repeating: 0, count: 40)
        steps[3] = 1
        #expect(paired(steps, pairing: 6, using: &pairs) == [UInt8](repeating: 0, count: 40))
        steps[10] = 2
        #expect(paired(steps, pairing: 6, using: &pairs).allSatisfy { $0 == 0 })
        let kept = paired(steps, pairing: 7, using: &pairs)
        #expect(kept[3] == 1 && kept[10] == 3 && kept.count { $0 != 0 } == 2)
    }
}
