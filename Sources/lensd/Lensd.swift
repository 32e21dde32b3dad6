import ArgumentParser
import Capture
import Conversion
import LensProtocol
import PriceParsing
import Tracking

/// lensd: reads prices from camera or recorded frames and streams converted price overlays as NDJSON.
@main
struct Lensd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lensd",
        abstract: "Read prices in frames with OCR, track them and stream converted overlays as NDJSON.",
        discussion: """
            Output is newline-delimited JSON on stdout (see docs/protocol.md); logs go to stderr.
            """,
        version: ProtocolVersion.release,
        subcommands: [
            RunCommand.self, ReplayCommand.self, ScanCommand.self, ConvertCommand.self,
            DevicesCommand.self, RecordCommand.self, EvalCommand.self, MicrobenchCommand.self, BenchCommand.self,
        ],
        defaultSubcommand: RunCommand.self)

    static func main() async {
        // A mistyped command is reported before the OpenMP re-exec and the currency cache's work.
        if let message = unknownCommand(in: Array(CommandLine.arguments.dropFirst())) {
            exit(withError: ValidationError(message))
        }
        LoadTimeEnvironment.ensure()
        LeptonicaMessages.silence()
        // The currency symbol table's ICU spellings (a few tenths of a second of CPU) are read once per ICU library, not at every start.
        CurrencySymbolCache.use(RateCache.defaultDirectory())
        await main(nil)
    }

    /// The complaint for a first argument that names no command (`lensd frobnicate`), which the
    /// default command would otherwise reject as one of its own arguments; `nil` for anything else.
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !names.contains(first), first != "help" else { return nil }
        return "unknown command '\(first)'; the commands are \(names.joined(separator: ", ")) (lensd --help)"
    }
}
