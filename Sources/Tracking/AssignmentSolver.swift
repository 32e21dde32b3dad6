/// Pairs tracks (rows) with detections (columns) given a cost matrix where `nil` forbids a pair.
///
/// Two strategies are offered. `optimal` is the Hungarian method (Kuhn–Munkres, O(n²·m)): it
/// first maximises the number of allowed pairs, then minimises their total cost, so when two
/// equal prices sit side by side and one track's best detection is also its neighbour's, each
/// track still gets its own. A frame holds tens of prices at most, which this solves in
/// microseconds. `greedy` takes the cheapest remaining allowed pair until none is left; it is
/// what most real-time trackers use and is kept for comparison and for very large inputs.
enum AssignmentSolver {
    /// Cost used for forbidden pairs inside the Hungarian method; far above any allowed cost.
    private static let forbidden = 1e6

    /// Returns `(row, column)` pairs, each row and column at most once, only allowed pairs.
    static func optimal(_ costs: [[Double?]]) -> [(row: Int, column: Int)] {
        let rows = costs.count
        guard rows > 0, let columns = costs.first?.count, columns > 0 else { return [] }
        if rows > columns {
            let transposed = (0..<columns).map { column in (0..<rows).map { row in costs[row][column] } }
            return optimal(transposed).map { (row: $0.column, column: $0.row) }
        }
        let allowed = costs.map { line in line.map { cost in cost.flatMap { $0.isFinite ? $0 : nil } } }
        let solved = hungarian(rows: rows, columns: columns) { row, column in
            allowed[row][column] ?? forbidden
        }
        return solved.filter { allowed[$0.row][$0.column] != nil }
    }

    /// Returns `(row, column)` pairs chosen cheapest first.
    static func greedy(_ costs: [[Double?]]) -> [(row: Int, column: Int)] {
        var candidates: [(cost: Double, row: Int, column: Int)] = []
        for (row, line) in costs.enumerated() {
            for (column, cost) in line.enumerated() {
                if let cost, cost.isFinite { candidates.append((cost, row, column)) }
            }
        }
        candidates.sort { ($0.cost, $0.row, $0.column) < ($1.cost, $1.row, $1.column) }
        var usedRows = Set<Int>(), usedColumns = Set<Int>()
        var pairs: [(row: Int, column: Int)] = []
        for candidate in candidates where !usedRows.contains(candidate.row) && !usedColumns.contains(candidate.column) {
            usedRows.insert(candidate.row)
            usedColumns.insert(candidate.column)
            pairs.append((candidate.row, candidate.column))
        }
        return pairs
    }

    /// Kuhn–Munkres with potentials for `rows <= columns`; every row is assigned.
    private static func hungarian(rows n: Int, columns m: Int, cost: (Int, Int) -> Double) -> [(row: Int, column: Int)] {
        var u = [Double](repeating: 0, count: n + 1)
        var v = [Double](repeating: 0, count: m + 1)
        var owner = [Int](repeating: 0, count: m + 1)
        var way = [Int](repeating: 0, count: m + 1)
        for i in 1...n {
            owner[0] = i
            var j0 = 0
            var minimum = [Double](repeating: .infinity, count: m + 1)
            var used = [Bool](repeating: false, count: m + 1)
            repeat {
                used[j0] = true
                let i0 = owner[j0]
                var delta = Double.infinity
                var j1 = 0
                for j in 1...m where !used[j] {
                    let reduced = cost(i0 - 1, j - 1) - u[i0] - v[j]
                    if reduced < minimum[j] {
                        minimum[j] = reduced
                        way[j] = j0
                    }
                    if minimum[j] < delta {
                        delta = minimum[j]
                        j1 = j
                    }
                }
                for j in 0...m {
                    if used[j] {
                        u[owner[j]] += delta
                        v[j] -= delta
                    } else {
                        minimum[j] -= delta
                    }
                }
                j0 = j1
            } while owner[j0] != 0
            repeat {
                let j1 = way[j0]
                owner[j0] = owner[j1]
                j0 = j1
            } while j0 != 0
        }
        var pairs: [(row: Int, column: Int)] = []
        for j in 1...m where owner[j] != 0 {
            pairs.append((owner[j] - 1, j - 1))
        }
        return pairs.sorted { $0.row < $1.row }
    }
}
