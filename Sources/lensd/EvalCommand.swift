import ArgumentParser
import Foundation

/// `lensd eval`: scores lensd's own NDJSON output against a sample's ground truth.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Score lensd's NDJSON output (OVERLAYS or SCAN lines) against ground truth.",
        discussion: """
            Example:
              lensd replay --fast samples/shelf-handheld > out.ndjson
              lensd eval samples/shelf-handheld/truth.json out.ndjson
            A read price counts as correct when amount and currency equal a true price of the same \
            frame or image and its box centre lies inside the true box.
            With --tracking, scores a sequence's tracks instead: id switches, fragmented, merged and \
            false tracks, box error and jitter in pixels, value flips and time to confirm \
            (definitions in TrackScore.swift):
              lensd eval --tracking samples/shelf-handheld/truth.json out.ndjson
            """)

    @Argument(help: ArgumentHelp("The sample's truth.json.", valueName: "truth"))
    var truth: String

    @Argument(help: ArgumentHelp("lensd's NDJSON output, or - for stdin.", valueName: "output"))
    var output = "-"

    @Flag(help: "Print the score as one JSON object.")
    var json = false

    @Flag(help: "Score tracking (ids, boxes, values over time) of a sequence instead of recall and precision.")
    var tracking = false

    func run() throws {
        let truthFile: TruthFile
        do {
            truthFile = try TruthFile.load(path: truth)
        } catch {
            throw ValidationError("\(error)")
        }
        let data: Data
        if output == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: output) else {
                throw ValidationError("\(output): cannot read")
            }
            data = contents
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let lines = data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(OutputLine.self, from: Data($0)) }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        if tracking {
            guard truthFile.frames != nil else { throw ValidationError("\(truth): --tracking needs a sequence's truth (frames)") }
            let score = TrackScore.score(truth: truthFile, output: lines)
            print(json ? String(decoding: try encoder.encode(score), as: UTF8.self) : score.table)
            return
        }
        let score = PriceScore.score(truth: truthFile, output: lines)
        if json {
            print(String(decoding: try encoder.encode(score), as: UTF8.self))
        } else {
            print("""
                frames scored   \(score.framesScored)
                true prices     \(score.truePrices)   found \(score.foundPrices)   recall    \(String(format: "%.3f", score.recall))
                read prices     \(score.readPrices)   correct \(score.correctReads)   precision \(String(format: "%.3f", score.precision))
                F1              \(String(format: "%.3f", score.f1))
                tags found      \(score.tagsFound) of \(score.tags)
                """)
        }
    }
}
