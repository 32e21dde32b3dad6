/// Releases items in ticket order (0, 1, 2, …) however they arrive.
///
/// OCR workers finish frames out of order; the ordered stage needs them in the order the
/// queue handed them out. Tickets have no gaps (the queue numbers what it hands out, not what
/// the source read), so the buffer never waits for a ticket that will not come.
struct ReorderBuffer<Item> {
    private var pending: [UInt64: Item] = [:]
    private(set) var nextTicket: UInt64 = 0

    /// Adds an item and returns every item that is now due, in order.
    mutating func insert(_ item: Item, ticket: UInt64) -> [Item] {
        pending[ticket] = item
        var due: [Item] = []
        while let next = pending.removeValue(forKey: nextTicket) {
            due.append(next)
            nextTicket += 1
        }
        return due
    }

    var waitingCount: Int { pending.count }
}
