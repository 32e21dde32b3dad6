import ArgumentParser
import Pipeline
import SocketServing

/// Options every streaming command (`run`, `replay`) shares: what is shown, who may steer lensd
/// and listen to it, and how often it reports.
struct DaemonOptions: ParsableArguments {
    @Option(help: "Frames that may wait for OCR (a camera or paced replay drops the oldest when full; a --fast replay reads at least \(ReplayPipeline.fastReadAhead) ahead, whose lines idle workers propose).")
    var queueCapacity = 2

    @Flag(help: "Also output tentative tracks (seen too few times to be confirmed).")
    var includeTentative = false

    @OptionGroup var confidence: ConfidenceOptions

    @Flag(name: .customLong("events"), help: "Also output a TRACK line (new, update, end) for each change in the shown tracks.")
    var trackEvents = false

    @Option(help: ArgumentHelp(
        "Read control messages from stdin (replies on stdout), or none (default: stdin unless frames come from stdin).",
        valueName: "stdin|none"))
    var control: ControlSource?

    @Option(
        name: .customLong("listen"),
        help: ArgumentHelp(
            "Serve the stream and control to socket clients: unix:PATH or tcp:[HOST:]PORT (HOST defaults to 127.0.0.1); repeatable.",
            valueName: "address"))
    var listenAddresses: [ListenAddress] = []

    @Option(help: ArgumentHelp(
        "Serve the web viewer, frames, events, control and metrics over HTTP on [HOST:]PORT (HOST defaults to 127.0.0.1).",
        valueName: "address"))
    var http: HTTPAddress?

    @Option(help: ArgumentHelp("Frames a second, at most, of /stream.mjpg and of the viewer page's frames.", valueName: "fps"))
    var httpFps: Double = 10

    @Option(help: ArgumentHelp("Send a STATS line every N seconds (0: only the last one).", valueName: "seconds"))
    var statsInterval: Double = 0

    @Option(help: ArgumentHelp("Bytes of output that may wait for one socket client before it is disconnected.", valueName: "bytes"))
    var clientBuffer = 256 * 1024

    func validate() throws {
        if !(1...1024).contains(queueCapacity) {
            throw ValidationError("--queue-capacity must be between 1 and 1024")
        }
        if !(httpFps >= 0.1 && httpFps <= 60) {
            throw ValidationError("--http-fps must be between 0.1 and 60")
        }
        if !(statsInterval >= 0 && statsInterval <= 86_400) {
            throw ValidationError("--stats-interval must be between 0 and 86400 seconds")
        }
        if !(4096...(64 << 20)).contains(clientBuffer) {
            throw ValidationError("--client-buffer must be between 4096 and 67108864 bytes")
        }
    }
}

extension ListenAddress: ExpressibleByArgument {}
