import ArgumentParser
import Evaluation
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
            With --stills, scores `scan --json` output on real photos: the truth.json of a dev set \
            (amounts with boxes; a read counts when its amount is equal and its centre lies in the \
            box grown by 15 %, one to one) or a truth.csv of receipt totals:
              lensd scan --json --bare-numbers --source JPY ../shared/datasets/shelf-jp-dev/images/*.jpg > shelf.ndjson
              lensd eval --stills ../shared/datasets/shelf-jp-dev/truth.json shelf.ndjson
            A read price counts as correct when amount and currency equal a true price of the same \
            frame or image and its box centre lies inside the true box. A read of a price the \
            frame's edge cuts (the truth's "cut" list) is not scored: neither correct nor false.
            With --tracking, scores a sequence's tracks instead: id switches, fragmented, merged and \
            false tracks, box error and jitter in pixels, value flips and time to confirm \
            (definitions in TrackScore.swift):
              lensd eval --tracking samples/shelf-handheld/truth.json out.ndjson
            With --by-condition, scores several sequences and prints recall, precision and F1 per \
            condition (the truth's sequence name, else its directory's name) and overall; give TRUTH \
            OUTPUT pairs, or directories whose subdirectories NAME hold truth.json, with the output in \
            NAME.LABEL.ndjson beside them (--label, default lensd; bench/conditions.sh writes them):
              lensd eval --by-condition out/clean/truth.json clean.ndjson out/glare/truth.json glare.ndjson
              lensd eval --by-condition --label after bench/out/conditions-seed11
            """)

    @Argument(help: ArgumentHelp(
        "The sample's truth.json, then lensd's NDJSON output (default - for stdin); with --by-condition, pairs or directories.",
        valueName: "truth output"))
    var files: [String]

    @Flag(help: "Score several sequences: a table of recall, precision and F1 per condition and overall.")
    var byCondition = false

    @Option(help: ArgumentHelp("With --by-condition and a directory: read each NAME's output from NAME.LABEL.ndjson.", valueName: "label"))
    var label = "lensd"

    @Flag(help: "Print the score as one JSON object.")
    var json = false

    @Flag(help: "Score tracking (ids, boxes, values over time) of a sequence instead of recall and precision.")
    var tracking = false

    @Flag(help: "Score `scan --json` output against the truth of a set of real photos (truth.json with boxed amounts, or truth.csv of totals).")
    var stills = false

    @Option(help: ArgumentHelp(
        "Also report the recall without each price's first N frames after it came into view (prices in view on the first frame always count): 2 for a --fast replay, whose reads land 2 frames late.",
        valueName: "frames"))
    var settleFrames = 0

    func validate() throws {
        if settleFrames < 0 { throw ValidationError("--settle-frames must be 0 or more") }
        if stills, tracking || byCondition {
            throw ValidationError("--stills scores scans; it cannot be combined with --tracking or --by-condition")
        }
        if byCondition {
            if tracking { throw ValidationError("--by-condition scores prices; it cannot be combined with --tracking") }
            if files.isEmpty { throw ValidationError("--by-condition needs TRUTH OUTPUT pairs or directories") }
        } else if !(1...2).contains(files.count) {
            throw ValidationError("give TRUTH and OUTPUT (or - for stdin)")
        }
    }

    func run() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        if byCondition {
            var scores = ConditionScores()
            for (truthPath, outputPath) in try sequencePairs() {
                let truthFile = try Self.loadTruth(truthPath)
                let score = PriceScore.score(truth: truthFile, output: try Self.outputLines(outputPath), settleFrames: settleFrames)
                scores.rows.append(.init(condition: ConditionScores.conditionName(truth: truthFile, path: truthPath), score: score))
            }
            print(json ? String(decoding: try encoder.encode(scores), as: UTF8.self) : scores.table)
            return
        }
        let truth = files[0]
        if stills {
            let stillsTruth: StillsTruth
            do {
                stillsTruth = try StillsTruth.load(path: truth)
            } catch {
                throw ValidationError("\(error)")
            }
            let score = StillsScore.score(truth: stillsTruth, output: try Self.outputLines(files.count > 1 ? files[1] : "-"))
            print(json ? String(decoding: try encoder.encode(score), as: UTF8.self) : score.table)
            return
        }
        let truthFile = try Self.loadTruth(truth)
        let lines = try Self.outputLines(files.count > 1 ? files[1] : "-")
        if tracking {
            guard truthFile.frames != nil else { throw ValidationError("\(truth): --tracking needs a sequence's truth (frames)") }
            let score = TrackScore.score(truth: truthFile, output: lines)
            print(json ? String(decoding: try encoder.encode(score), as: UTF8.self) : score.table)
            return
        }
        let score = PriceScore.score(truth: truthFile, output: lines, settleFrames: settleFrames)
        if json {
            print(String(decoding: try encoder.encode(score), as: UTF8.self))
        } else {
            print("""
                frames scored   \(score.framesScored)
                true prices     \(score.truePrices)   found \(score.foundPrices)   recall    \(String(format: "%.3f", score.recall))
                read prices     \(score.readPrices)   correct \(score.correctReads)   precision \(String(format: "%.3f", score.precision))\
                \(score.cutReads > 0 ? "   (not scored: \(score.cutReads) of prices cut by the edge)" : "")
                F1              \(String(format: "%.3f", score.f1))
                tags found      \(score.tagsFound) of \(score.tags)
                """)
            if settleFrames > 0 {
                print("""
                    settled         \(score.settledTruePrices)   found \(score.settledFoundPrices)   recall    \(String(format: "%.3f", score.settledRecall)) \
                    (without each price's first \(settleFrames) frames after it came into view)
                    """)
            }
        }
    }

    private static func loadTruth(_ path: String) throws -> TruthFile {
        do {
            return try TruthFile.load(path: path)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The `OVERLAYS` and `SCAN` lines of an output file (or stdin for `-`); other lines are skipped.
    private static func outputLines(_ path: String) throws -> [OutputLine] {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ValidationError("\(path): cannot read")
            }
            data = contents
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(OutputLine.self, from: Data($0)) }
    }

    /// The (truth, output) pairs of `--by-condition`: explicit pairs, and each directory's sequences.
    private func sequencePairs() throws -> [(String, String)] {
        var pairs: [(String, String)] = []
        var pending: String?
        for path in files {
            var isDirectory: ObjCBool = false
            if pending == nil, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for name in names.sorted() {
                    let truth = "\(path)/\(name)/truth.json", output = "\(path)/\(name).\(label).ndjson"
                    if FileManager.default.fileExists(atPath: truth), FileManager.default.fileExists(atPath: output) {
                        pairs.append((truth, output))
                    }
                }
            } else if let truth = pending {
                pairs.append((truth, path))
                pending = nil
            } else {
                pending = path
            }
        }
        if let pending { throw ValidationError("\(pending): a truth file needs its output file after it") }
        if pairs.isEmpty { throw ValidationError("no sequence to score (directories need NAME/truth.json and NAME.\(label).ndjson)") }
        return pairs
    }
}
