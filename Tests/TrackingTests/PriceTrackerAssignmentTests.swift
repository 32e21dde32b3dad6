import TestSupport
import Testing

@testable import Tracking

@Suite("PriceTracker assignment")
struct PriceTrackerAssignmentTests {
    private func pairs(_ result: [(row: Int, column: Int)]) -> [[Int]] {
        result.map { [$0.row, $0.column] }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func optimalAssignmentMinimisesTheTotalCost() {
        let costs: [[Double?]] = [[1, 2], [2, 10]]
        #expect(pairs(AssignmentSolver.optimal(costs)) == [[0, 1], [1, 0]])
        #expect(pairs(AssignmentSolver.greedy(costs)) == [[0, 0], [1, 1]])
    }

    @Test func optimalAssignmentMatchesAsManyAsAllowed() {
        let costs: [[Double?]] = [[0.1, 0.2], [0.15, nil]]
        #expect(pairs(AssignmentSolver.optimal(costs)) == [[0, 1], [1, 0]])
        #expect(pairs(AssignmentSolver.greedy(costs)) == [[0, 0]])
    }

    @Test func forbiddenPairsAreNeverReturned() {
        let costs: [[Double?]] = [[nil, nil], [nil, 0.5], [nil, 0.4]]
        #expect(pairs(AssignmentSolver.optimal(costs)) == [[2, 1]])
        #expect(pairs(AssignmentSolver.greedy(costs)) == [[2, 1]])
    }

    @Test func moreRowsThanColumnsAndMoreColumnsThanRowsBothWork() {
        let tall: [[Double?]] = [[3], [1], [2]]
        let wide: [[Double?]] = [[3, 1, 2]]
        #expect(pairs(AssignmentSolver.optimal(tall)) == [[1, 0]])
        #expect(pairs(AssignmentSolver.optimal(wide)) == [[0, 1]])
    }

    @Test func emptyAndNonFiniteInputsGiveNoPairs() {
        #expect(AssignmentSolver.optimal([]).isEmpty)
        #expect(AssignmentSolver.optimal([[]]).isEmpty)
        #expect(AssignmentSolver.optimal([[.nan, .infinity]]).isEmpty)
        #expect(AssignmentSolver.greedy([[.nan, .infinity]]).isEmpty)
    }

    @Test func optimalAssignmentAgreesWithExhaustiveSearch() {
        var random = SeededGenerator(seed: 8)
        for _ in 0..<50 {
            let rows = Int.random(in: 1...5, using: &random)
            let columns = Int.random(in: 1...5, using: &random)
            let costs: [[Double?]] = (0..<rows).map { _ in
                (0..<columns).map { _ in Double.random(in: 0..<1, using: &random) < 0.3 ? nil : Double.random(in: 0..<3, using: &random) }
            }
            let solved = AssignmentSolver.optimal(costs)
            let best = exhaustiveBest(costs)
            #expect(solved.count == best.count)
            let total = solved.reduce(0.0) { $0 + (costs[$1.row][$1.column] ?? 0) }
            #expect(abs(total - best.total) < 1e-9)
        }
    }

    /// The most pairs, then the least total cost, by trying every assignment.
    private func exhaustiveBest(_ costs: [[Double?]]) -> (count: Int, total: Double) {
        var best = (count: 0, total: 0.0)
        func visit(row: Int, used: Set<Int>, count: Int, total: Double) {
            if row == costs.count {
                if count > best.count || (count == best.count && total < best.total) { best = (count, total) }
                return
            }
            visit(row: row + 1, used: used, count: count, total: total)
            for (column, cost) in costs[row].enumerated() where !used.contains(column) {
                if let cost { visit(row: row + 1, used: used.union([column]), count: count + 1, total: total + cost) }
            }
        }
        visit(row: 0, used: [], count: 0, total: 0)
        return best
    }
}
