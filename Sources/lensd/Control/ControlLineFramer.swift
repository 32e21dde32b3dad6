/// Splits a byte stream into control lines at `\n`, refusing lines over the limit without holding them.
///
/// An overlong line is reported once and its bytes are skipped up to the next newline, so a
/// client cannot make lensd buffer more than ``limit`` bytes of one line.
struct ControlLineFramer {
    /// A framed piece of input.
    enum Item: Equatable {
        /// A complete line, without its newline (and without a trailing `\r`).
        case line([UInt8])
        /// A line longer than the limit, dropped.
        case overlong
    }

    let limit: Int
    private var partial: [UInt8] = []
    private var skipping = false

    init(limit: Int = ControlParser.maximumLineLength) {
        self.limit = limit
    }

    /// Feeds bytes; returns the items they complete, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Item] {
        var items: [Item] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if skipping {
                    skipping = false
                } else {
                    if partial.last == UInt8(ascii: "\r") { partial.removeLast() }
                    if partial.count > limit {
                        items.append(.overlong)
                    } else if !partial.isEmpty {
                        items.append(.line(partial))
                    }
                }
                partial.removeAll(keepingCapacity: true)
            } else if !skipping {
                partial.append(byte)
                if partial.count > limit + 1 {
                    partial.removeAll(keepingCapacity: true)
                    skipping = true
                    items.append(.overlong)
                }
            }
        }
        return items
    }
}
