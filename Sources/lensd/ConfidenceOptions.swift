import ArgumentParser

/// `--min-confidence`: which prices are shown, by their confidence (see docs/protocol.md, "Confidence").
struct ConfidenceOptions: ParsableArguments {
    @Option(
        name: .customLong("min-confidence"),
        help: ArgumentHelp(
            "Show only prices whose confidence (0…1: OCR confidence × parse certainty, for tracks × vote share) is at least this.",
            valueName: "0…1"))
    var minimumConfidence: Double = 0

    func validate() throws {
        if !(minimumConfidence >= 0 && minimumConfidence <= 1) {
            throw ValidationError("--min-confidence must be between 0 and 1")
        }
    }
}
