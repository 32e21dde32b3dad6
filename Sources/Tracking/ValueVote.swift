import Foundation

/// The history of a track's reads and the value they vote for.
///
/// Every read counts with its confidence as weight. The shown value only changes to another
/// value once that value has been read at least `minimumReadsToChange` times and outweighs the
/// shown one, so a single misread — however confident — never changes what the overlay shows.
/// The history keeps the most recent `historyLength` reads, so a value that is no longer read
/// eventually loses.
struct ValueVote: Sendable, Hashable {
    /// What reads vote for: the amount and its currency.
    struct Key: Sendable, Hashable {
        var amount: Decimal
        var currency: String
    }

    /// One read, as remembered.
    struct Read: Sendable, Hashable {
        var key: Key
        var text: String
        var evidence: CurrencyEvidence
        var weight: Double
        var unit: String?
        var quantity: Int?

        init(_ detection: DetectedPrice) {
            key = Key(amount: detection.amount, currency: detection.currency)
            text = detection.text
            evidence = detection.currencyEvidence
            weight = ValueVote.weight(ofConfidence: detection.confidence)
            unit = detection.unit
            quantity = detection.quantity
        }
    }

    private(set) var reads: [Read]
    private(set) var shown: Key
    private let historyLength: Int
    private let minimumReadsToChange: Int

    init(first detection: DetectedPrice, historyLength: Int, minimumReadsToChange: Int) {
        let read = Read(detection)
        self.reads = [read]
        self.shown = read.key
        self.historyLength = max(1, historyLength)
        self.minimumReadsToChange = max(1, minimumReadsToChange)
    }

    /// Whether any remembered read voted for `key`.
    func hasRead(_ key: Key) -> Bool {
        reads.contains { $0.key == key }
    }

    mutating func add(_ detection: DetectedPrice) {
        reads.append(Read(detection))
        if reads.count > historyLength {
            reads.removeFirst(reads.count - historyLength)
        }
        let tallies = tally()
        let current = tallies[shown]
        guard let leader = tallies.max(by: { $0.value.weight < $1.value.weight }), leader.key != shown else { return }
        guard let current else {
            shown = leader.key
            return
        }
        if leader.value.count >= minimumReadsToChange, leader.value.weight > current.weight {
            shown = leader.key
        }
    }

    /// The most recent read of the shown value.
    var supportingRead: Read {
        reads.last { $0.key == shown } ?? reads[reads.count - 1]
    }

    /// The unit of the most recent read of the shown value that had one.
    var unit: String? {
        reads.last { $0.key == shown && $0.unit != nil }?.unit
    }

    /// The quantity of the most recent read of the shown value that had one.
    var quantity: Int? {
        reads.last { $0.key == shown && $0.quantity != nil }?.quantity
    }

    /// 0…1: the shown value's share of all the weight, times the mean confidence of its reads.
    var confidence: Double {
        var total = 0.0, shownWeight = 0.0, shownCount = 0
        for read in reads {
            total += read.weight
            if read.key == shown {
                shownWeight += read.weight
                shownCount += 1
            }
        }
        guard total > 0, shownCount > 0 else { return 0 }
        return min(1, (shownWeight / total) * (shownWeight / Double(shownCount)))
    }

    private func tally() -> [Key: (weight: Double, count: Int)] {
        var tallies: [Key: (weight: Double, count: Int)] = [:]
        for read in reads {
            let previous = tallies[read.key] ?? (0, 0)
            tallies[read.key] = (previous.weight + read.weight, previous.count + 1)
        }
        return tallies
    }

    /// Reads with no or invalid confidence still count a little.
    static func weight(ofConfidence confidence: Double) -> Double {
        guard confidence.isFinite else { return 0.01 }
        return min(1, max(0.01, confidence))
    }
}
