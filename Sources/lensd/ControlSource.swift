import ArgumentParser

/// Where `lensd replay` reads control messages from, besides socket clients (`--control`).
enum ControlSource: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Control messages on stdin, replies on stdout (default unless frames come from stdin).
    case stdin
    /// Only socket clients may send control messages.
    case none
}
