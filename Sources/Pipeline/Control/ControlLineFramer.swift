import Foundation

/// Splits a byte stream into control lines at `\n`, refusing lines over the limit without holding them.
///
/// An overlong line is reported once and its bytes are skipped up to the next newline, so a
/// client cannot make lensd buffer more than ``limit`` bytes of one line. Newlines are found
/// with `memchr`, so skipping a huge line costs little.
public struct ControlLineFramer {
    /// A framed piece of input.
    public enum Item: Equatable {
        /// A complete line, without its newline (and without a trailing `\r`).
        case line([UInt8])
        /// A line longer than the limit, dropped.
        case overlong
    }

    let limit: Int
    private var partial: [UInt8] = []
    private var skipping = false

    public init(limit: Int = ControlParser.maximumLineLength) {
        self.limit = limit
    }

    /// Feeds bytes; returns the items they complete, in order.
    mutating func feed(_ bytes: [UInt8]) -> [Item] {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Feeds bytes; returns the items they complete, in order.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Item] {
        guard let base = bytes.baseAddress else { return [] }
        var items: [Item] = []
        var start = 0
        while start < bytes.count {
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
            let end = found.map { $0 - UnsafeMutableRawPointer(mutating: base) } ?? bytes.count
            if !skipping {
                // One byte over the limit is allowed for a trailing `\r`.
                if partial.count + (end - start) > limit + 1 {
                    partial.removeAll(keepingCapacity: true)
                    skipping = true
                    items.append(.overlong)
                } else {
                    partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                }
            }
            guard found != nil else { break }
            endLine(into: &items)
            start = end + 1
        }
        return items
    }

    private mutating func endLine(into items: inout [Item]) {
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
    }
}
