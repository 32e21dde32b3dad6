import Foundation

/// The history of a track's reads and the value they vote for.
///
/// Every read counts with its confidence as weight. The shown value only changes to another
/// value once that value has been read at least `minimumReadsToChange` times and outweighs the
/// shown one, so a single misread — however confident — never changes what the overlay shows.
/// The history keeps the most recent `historyLength` reads, so a value that is no longer read
/// eventually loses. Until the value is first shown (`commit()`), it simply follows the leader,
/// so a hidden tentative track whose first read was wrong is shown with the right value.
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

    /// Total weight and number of reads per value, over `reads`.
    struct Tally: Sendable, Hashable {
        var weight: Double
        var count: Int
    }

    private(set) var reads: [Read]
    private(set) var shown: Key
    private var tallies: [Key: Tally]
    /// Whether the shown value has been published, from when on it changes only with enough support.
    private(set) var isCommitted = false
    private let historyLength: Int
    private let minimumReadsToChange: Int

    init(first detection: DetectedPrice, historyLength: Int, minimumReadsToChange: Int) {
        let read = Read(detection)
        self.reads = [read]
        self.shown = read.key
        self.tallies = [read.key: Tally(weight: read.weight, count: 1)]
        self.historyLength = max(1, historyLength)
        self.minimumReadsToChange = max(1, minimumReadsToChange)
    }

    /// Whether any remembered read voted for `key`.
    func hasRead(_ key: Key) -> Bool {
        tallies[key] != nil
    }

    mutating func add(_ detection: DetectedPrice) {
        let read = Read(detection)
        reads.append(read)
        tallies[read.key, default: Tally(weight: 0, count: 0)].weight += read.weight
        tallies[read.key, default: Tally(weight: 0, count: 0)].count += 1
        while reads.count > historyLength {
            forget(reads.removeFirst())
        }
        guard let leader = leader(), leader.key != shown else { return }
        guard isCommitted, let current = tallies[shown] else {
            shown = leader.key
            return
        }
        if leader.tally.count >= minimumReadsToChange, leader.tally.weight > current.weight {
            shown = leader.key
        }
    }

    /// Marks the shown value as published: from now on one read cannot change it.
    mutating func commit() {
        isCommitted = true
    }

    private mutating func forget(_ read: Read) {
        guard var tally = tallies[read.key] else { return }
        tally.count -= 1
        tally.weight -= read.weight
        tallies[read.key] = tally.count > 0 ? tally : nil
    }

    /// The value with the most weight; ties go to the value read most recently.
    private func leader() -> (key: Key, tally: Tally)? {
        var best: (key: Key, tally: Tally)?
        for read in reads.reversed() {
            guard let tally = tallies[read.key] else { continue }
            if let current = best, current.tally.weight >= tally.weight { continue }
            best = (read.key, tally)
        }
        return best
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
        guard let tally = tallies[shown], tally.count > 0 else { return 0 }
        let total = tallies.values.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return 0 }
        return min(1, max(0, (tally.weight / total) * (tally.weight / Double(tally.count))))
    }

    /// Reads with no or invalid confidence still count a little.
    static func weight(ofConfidence confidence: Double) -> Double {
        guard confidence.isFinite else { return 0.01 }
        return min(1, max(0.01, confidence))
    }
}
