import Foundation
import Testing

@Suite("lensd eval --by-condition")
struct EvalByConditionTests {
    private func truth(name: String?, amount: String) -> String {
        let named = name.map { "\"name\":\"\($0)\"," } ?? ""
        return """
            {\(named)"width":100,"height":100,"frames":[
              {"index":0,"prices":[{"id":"a","text":"$\(amount)","amount":"\(amount)","currency":"USD","box":{"x":10,"y":10,"width":20,"height":10}},
                                   {"id":"b","text":"€2","amount":"2.00","currency":"EUR","box":{"x":60,"y":60,"width":20,"height":10}}]}]}
            """
    }

    private func output(_ prices: [(String, String, Double)]) -> String {
        let list = prices.enumerated().map { index, price in
            """
            {"id":"p\(index)","amount":"\(price.0)","currency":"\(price.1)","box":{"x":\(price.2),"y":\(price.2),"width":0.1,"height":0.05},"state":"confirmed"}
            """
        }
        return "{\"class\":\"OVERLAYS\",\"frame\":0,\"width\":100,\"height\":100,\"prices\":[\(list.joined(separator: ","))]}\n"
    }

    @Test("prints a row per condition, named by the truth's name or its directory, and an overall row")
    func scoresPairsAndDirectories() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let root = temporary.file("seqs")
        for name in ["glare", "tilt"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(name)", withIntermediateDirectories: true)
        }
        // glare: both prices found; tilt (no name in its truth): one found, one false read.
        try truth(name: "glare", amount: "1.50").write(toFile: "\(root)/glare/truth.json", atomically: true, encoding: .utf8)
        try truth(name: nil, amount: "3.00").write(toFile: "\(root)/tilt/truth.json", atomically: true, encoding: .utf8)
        try output([("1.50", "USD", 0.12), ("2.00", "EUR", 0.62)]).write(toFile: "\(root)/glare.after.ndjson", atomically: true, encoding: .utf8)
        try output([("3.00", "USD", 0.12), ("9.99", "EUR", 0.62)]).write(toFile: "\(root)/tilt.after.ndjson", atomically: true, encoding: .utf8)

        let pairs = try LensdProcess.run([
            "eval", "--by-condition", "--json",
            "\(root)/glare/truth.json", "\(root)/glare.after.ndjson", "\(root)/tilt/truth.json", "\(root)/tilt.after.ndjson",
        ])
        #expect(pairs.status == 0, "\(pairs.stderr)")
        let score = try #require(pairs.lines.first)
        let rows = try #require(score["conditions"] as? [[String: Any]])
        #expect(rows.compactMap { $0["condition"] as? String } == ["glare", "tilt"])
        let tilt = try #require(rows.last?["score"] as? [String: Any])
        #expect(tilt["recall"] as? Double == 0.5 && tilt["precision"] as? Double == 0.5)
        let overall = try #require(score["overall"] as? [String: Any])
        #expect(overall["true_prices"] as? Int == 4 && overall["correct_reads"] as? Int == 3)
        #expect(overall["recall"] as? Double == 0.75)

        let directory = try LensdProcess.run(["eval", "--by-condition", "--label", "after", root])
        #expect(directory.status == 0, "\(directory.stderr)")
        let table = directory.stdout.split(separator: "\n").map(String.init)
        #expect(table.count == 4)
        #expect(table[1].hasPrefix("glare") && table[1].contains("1.000"))
        #expect(table[2].hasPrefix("tilt") && table[2].contains("0.500"))
        #expect(table[3].hasPrefix("overall") && table[3].contains("0.750"))
    }

    @Test("counts reads of prices cut by the frame's edge apart, in the JSON and under the table")
    func countsCutReadsApart() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let truthPath = temporary.file("truth.json"), outputPath = temporary.file("out.ndjson")
        let cut = #","cut":[{"id":"c","text":"€7","amount":"7.00","currency":"EUR","box":{"x":90,"y":85,"width":20,"height":10}}]}]}"#
        let withCut = String(truth(name: "clean", amount: "1.50").dropLast(3)) + cut
        try withCut.write(toFile: truthPath, atomically: true, encoding: .utf8)
        try output([("1.50", "USD", 0.12), ("2.00", "EUR", 0.62), ("7.00", "EUR", 0.9)]).write(toFile: outputPath, atomically: true, encoding: .utf8)

        let json = try LensdProcess.run(["eval", "--by-condition", "--json", truthPath, outputPath])
        #expect(json.status == 0, "\(json.stderr)")
        let overall = try #require(json.lines.first?["overall"] as? [String: Any])
        #expect(overall["cut_reads"] as? Int == 1 && overall["read_prices"] as? Int == 2)
        #expect(overall["precision"] as? Double == 1)
        let table = try LensdProcess.run(["eval", "--by-condition", truthPath, outputPath])
        #expect(table.stdout.contains("not scored: 1 reads of prices cut by the frame's edge"))
    }

    @Test("refuses a truth file without its output, and --tracking with --by-condition")
    func refusesBadArguments() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let path = temporary.file("truth.json")
        try truth(name: "clean", amount: "1.50").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try LensdProcess.run(["eval", "--by-condition", path]).status != 0)
        #expect(try LensdProcess.run(["eval", "--by-condition", "--tracking", path, path]).status == 64)
    }
}
