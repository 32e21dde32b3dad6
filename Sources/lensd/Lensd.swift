import ArgumentParser
import Capture
import Conversion
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
        OpenMPThreadLimit.ensure()
        LeptonicaMessages.silence()
        // The currency symbol table's ICU spellings (a few tenths of a second of CPU) are read once per ICU library, not at every start.
        CurrencySymbolCache.use(RateCache.defaultDirectory())
        await main(nil)
    }
}
