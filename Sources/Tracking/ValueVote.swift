import Foundation
import PriceParsing

/// The history of a track's reads and the value they vote for.
///
/// Every read counts with its confidence as weight. The shown value only changes to another
/// value once that value has been read at least `minimumReadsToChange` times and outweighs the
/// shown one, so a single misread — however confident — never changes what the overlay shows.
/// The history keeps the most recent `historyLength` reads, so a value that is no longer read
/// eventually loses. Until the value is first shown (`commit()`), it simply follows the leader,
/// so a hidden tentative track whose first read was wrong is shown with the right value.
///
/// A read whose currency was only assumed (`CurrencyEvidence.default`: the symbol or code was not
/// read in that frame) votes for its amount in the currency printed next to that amount in other
/// reads, once that currency is established: OCR often drops the `CHF` of `CHF 194.95` in some
/// frames, and those frames should not outvote the ones that read it. A printed currency is
/// established by one read while none is (also once the value is shown with an assumed currency),
/// and replaced by another after `minimumReadsToChange` reads once the value is shown.
struct ValueVote: Sendable, Hashable {
    /// What reads vote for: the amount and its currency.
    struct Key: Sendable, Hashable {
        var amount: Decimal
        var currency: String
    }

    /// One read, as remembered.
    struct Read: Sendable, Hashable {
        /// The value as read, with the currency it was read (or assumed) with.
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

        /// Whether the currency was printed (a code or a symbol) rather than assumed.
        var hasPrintedCurrency: Bool { evidence != .default }

        /// Whether the read has no fraction and no digits after a separator (`€82`, `£63.`): where
        /// OCR lost a price's cents (small, raised or faint), it reads like this.
        var isWholeOnly: Bool {
            var previous: Character?
            for character in text {
                if character.isNumber, let previous, previous == "." || previous == "," || previous == "-" { return false }
                previous = character
            }
            return key.amount == key.amount.rounded(toPlaces: 0)
        }

        /// Whether the read ends in fewer digits after its decimal separator than its currency
        /// has minor units (`$1,966.0`, `€24.9`): the rest of the cents were lost or cut, as when
        /// a second read's crop ended inside them. Such a read votes but does not count towards
        /// confirming a value: `$1,966` and `$1,966.0`, two fragments of one `$1,966.99`, agreed
        /// on 1966 and showed it.
        var isShortCents: Bool {
            let minorUnits = CurrencySymbolTable.shared.minorUnits(of: key.currency)
            let scalars = Array(text.unicodeScalars.reversed().drop { !ScalarClass.isDigit($0) })
            let digits = scalars.prefix { ScalarClass.isDigit($0) }.count
            guard digits >= 1, digits < minorUnits, scalars.count > digits else { return false }
            let separator = scalars[digits]
            return separator == "." || separator == ","
        }
    }

    /// Total weight and number of reads per value, over `reads`.
    struct Tally: Sendable, Hashable {
        var weight: Double
        var count: Int
    }

    private(set) var reads: [Read]
    private(set) var shown: Key
    private var tallies: [Key: Tally] = [:]
    /// The value each of `reads` votes for (``resolved(_:)``), computed when the reads or the
    /// printed currencies change: the overlay asks for the shown value's reads on every frame.
    private var resolvedKeys: [Key] = []
    /// The printed currency established for each amount, which reads of that amount with an
    /// assumed currency vote for. Kept after its reads leave the history.
    private var printedCurrency: [Decimal: String] = [:]
    /// Whether the shown value has been published, from when on it changes only with enough support.
    private(set) var isCommitted = false
    private let historyLength: Int
    private let minimumReadsToChange: Int

    init(first detection: DetectedPrice, historyLength: Int, minimumReadsToChange: Int) {
        let read = Read(detection)
        self.reads = [read]
        self.shown = read.key
        self.historyLength = max(1, historyLength)
        self.minimumReadsToChange = max(1, minimumReadsToChange)
        establishCurrency(after: read)
        recount()
        self.shown = resolvedKeys[0]
    }

    /// Whether the track has read this detection's value: the same amount, in the same currency
    /// or with either currency only assumed.
    func hasRead(_ detection: DetectedPrice) -> Bool {
        reads.contains { read in
            read.key.amount == detection.amount
                && (read.key.currency == detection.currency || !read.hasPrintedCurrency
                    || detection.currencyEvidence == .default)
        }
    }

    mutating func add(_ detection: DetectedPrice) {
        let read = Read(detection)
        reads.append(read)
        if reads.count > historyLength {
            reads.removeFirst(reads.count - historyLength)
        }
        establishCurrency(after: read)
        recount()
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

    /// The value a read votes for: with its currency established from other reads when it was
    /// only assumed, with the cents other reads of the track found when it read none (`€82`
    /// votes for `€82.99`; a read that adds cents a price does not have is far rarer than one that
    /// drops them), and with the leading group another read found when it lost it (`174 Kč`
    /// votes for `1 174 Kč`).
    private func resolved(_ read: Read) -> Key {
        var key = read.key
        if !read.hasPrintedCurrency, let currency = printedCurrency[key.amount] { key.currency = currency }
        // `Decimal` arithmetic allocates: other reads are only compared with a read that may
        // have lost a leading group at all.
        let whole = !Self.mayHaveLostLeadingGroup(key.amount) ? nil : reads.last { other in
            Self.lostLeadingGroup(key.amount, of: other.key.amount)
                && (other.key.currency == key.currency || !other.hasPrintedCurrency || !read.hasPrintedCurrency)
        }
        if let whole {
            return Key(amount: whole.key.amount, currency: read.hasPrintedCurrency ? key.currency : whole.key.currency)
        }
        guard read.isWholeOnly else { return key }
        let withCents = reads.last { other in
            other.key.amount != key.amount && other.key.amount.rounded(toPlaces: 0, .down) == key.amount
                && (other.key.currency == key.currency || !other.hasPrintedCurrency || !read.hasPrintedCurrency)
        }
        guard let withCents else { return key }
        return Key(amount: withCents.key.amount, currency: read.hasPrintedCurrency ? key.currency : withCents.key.currency)
    }

    /// Whether `part` is `whole` without its leading group of one digit (`174` of `1 174`,
    /// `791.50` of `1 791,50`): a lone digit set apart by a group space, often a narrow `1`, is
    /// what OCR drops at the start of a line, and the line detector leaves out of a line (it
    /// joins a glyph narrower than high only within half a text height).
    static func lostLeadingGroup(_ part: Decimal, of whole: Decimal) -> Bool {
        guard mayHaveLostLeadingGroup(part) else { return false }
        let lost = (whole - part) / 1000
        return lost >= 1 && lost <= 9 && lost == lost.rounded(toPlaces: 0)
    }

    /// Whether `part` could be an amount without its leading group: three digits before the point.
    static func mayHaveLostLeadingGroup(_ part: Decimal) -> Bool {
        part >= 100 && part < 1000
    }

    /// Establishes (or replaces) the printed currency of the read's amount when enough reads printed it.
    private mutating func establishCurrency(after read: Read) {
        guard read.hasPrintedCurrency else { return }
        let amount = read.key.amount
        var support: [String: Tally] = [:]
        for other in reads where other.hasPrintedCurrency && other.key.amount == amount {
            support[other.key.currency, default: Tally(weight: 0, count: 0)].weight += other.weight
            support[other.key.currency, default: Tally(weight: 0, count: 0)].count += 1
        }
        guard let candidate = support[read.key.currency], printedCurrency[amount] != read.key.currency else { return }
        // Replacing a printed currency shown already takes as many reads as any change; one
        // printed where the shown currency was only assumed is better evidence than the guess.
        let needed = isCommitted && printedCurrency[amount] != nil ? minimumReadsToChange : 1
        guard candidate.count >= needed else { return }
        if let established = printedCurrency[amount], let rival = support[established], rival.weight >= candidate.weight {
            return
        }
        printedCurrency[amount] = read.key.currency
    }

    private mutating func recount() {
        resolvedKeys = reads.map(resolved)
        tallies = [:]
        for (read, key) in zip(reads, resolvedKeys) {
            tallies[key, default: Tally(weight: 0, count: 0)].weight += read.weight
            tallies[key, default: Tally(weight: 0, count: 0)].count += read.isShortCents ? 0 : 1
        }
    }

    /// The most recent read that votes for the shown value and satisfies `condition`.
    private func lastReadOfShown(where condition: (Read) -> Bool) -> Read? {
        for index in reads.indices.reversed() where resolvedKeys[index] == shown && condition(reads[index]) {
            return reads[index]
        }
        return nil
    }

    /// The value with the most weight; ties go to the value read most recently.
    private func leader() -> (key: Key, tally: Tally)? {
        var best: (key: Key, tally: Tally)?
        for key in resolvedKeys.reversed() {
            guard let tally = tallies[key] else { continue }
            if let current = best, current.tally.weight >= tally.weight { continue }
            best = (key, tally)
        }
        return best
    }

    /// The most recent read of the shown value, preferring one that printed its currency.
    var supportingRead: Read {
        reads.last { $0.key == shown }
            ?? lastReadOfShown { _ in true }
            ?? reads[reads.count - 1]
    }

    /// How many of the remembered reads vote for the shown value.
    var readsOfShown: Int {
        tallies[shown]?.count ?? 0
    }

    /// The unit of the most recent read of the shown value that had one.
    var unit: String? {
        lastReadOfShown { $0.unit != nil }?.unit
    }

    /// The quantity of the most recent read of the shown value that had one.
    var quantity: Int? {
        lastReadOfShown { $0.quantity != nil }?.quantity
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
